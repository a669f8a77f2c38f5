/**
 * Issue 28, part 2 items shown in the browser: a description typed before the first upload is kept
 * (18), a success banner gives way to a new upload error (24), and the exam contact link is a 44 px
 * target in both orientations (26).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

async function signInAsDocent(page: Page, url: string) {
  await signIn(page, url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
}

const textFile = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`Inhoud van ${name}\n`) });

test('a description typed before the first upload stays with the new document (item 18)', async ({ page, server }) => {
  await signInAsDocent(page, server.url);
  await page.goto(`${server.url}/documents/form/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lesmateriaal toevoegen' })).toBeVisible();
  await page.getByLabel('Omschrijving').fill('Werkblad gemeenteraad voor klas 3');
  await page.getByLabel(/Klik hier of sleep bestanden om toe te voegen/).setInputFiles([textFile('gemeenteraad.txt')]);
  await expect(page).toHaveURL(/\/documents\/form\/\d+\/1$/);
  await expect(page.getByText('Lesmateriaal is toegevoegd.')).toBeVisible();
  await expect(page.getByLabel('Omschrijving')).toHaveValue('Werkblad gemeenteraad voor klas 3');
  // Stored, not only shown: it is there after a reload and in the list.
  await page.reload();
  await expect(page.getByLabel('Omschrijving')).toHaveValue('Werkblad gemeenteraad voor klas 3');
  await page.goto(`${server.url}/documents`);
  await expect(page.getByRole('row').filter({ hasText: 'Werkblad gemeenteraad voor klas 3' })).toHaveCount(1);
});

test('a success banner gives way to a new upload error (item 24)', async ({ page, server }) => {
  await signInAsDocent(page, server.url);
  await page.goto(`${server.url}/documents/form/0`);
  await page.getByLabel(/Klik hier of sleep bestanden om toe te voegen/).setInputFiles([textFile('eerste.txt')]);
  await expect(page.getByText('Lesmateriaal is toegevoegd.')).toBeVisible();
  await page.getByLabel('Omschrijving').fill('Twee werkbladen');
  await page.getByRole('button', { name: 'Wijzigen' }).click();
  await expect(page.getByText('Wijzigingen succesvol opgeslagen.')).toBeVisible();

  await page
    .getByLabel(/Klik hier of sleep bestanden om toe te voegen/)
    .setInputFiles([{ name: 'script.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00binary') }]);
  await expect(page.getByRole('alert').filter({ hasText: 'Dit bestandstype is niet toegestaan.' })).toBeVisible();
  await expect(page.getByText('Wijzigingen succesvol opgeslagen.')).toHaveCount(0);
  await expect(page.getByText('Lesmateriaal is toegevoegd.')).toHaveCount(0);
});

for (const size of [
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'portrait', width: 768, height: 1024 },
]) {
  test(`the exam contact link is a 44 px target in ${size.name} (item 26)`, async ({ page, server }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAsDocent(page, server.url);
    await page.goto(`${server.url}/examinations`);
    const contact = page.getByRole('link', { name: /Meld het ons via/ });
    await expect(contact).toBeVisible();
    await expect(contact).toHaveAttribute('href', /^mailto:.*subject=Fout%20in%20een%20toets/);
    const box = await contact.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  });
}
