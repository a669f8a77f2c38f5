/**
 * Issue 31.2 on the student profile, at 1024×768 and 768×1024: an inactive student shows 'Wordt
 * verwijderd op', the 'Privacy' tab downloads her data as a ZIP (offline: a Dutch message instead),
 * shows 'Wie heeft dit ingezien', and deletes her after a confirm that counts what goes.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Student } from '../../src/api/classrooms/types';
import { apiGet, tokenFor } from './api';
import { expect, expectAccessible, expectTouchTargets, signIn, test } from './fixtures';

const DOCENT = 'docent@demoschool.nl';
const SIZES = [
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'portrait', width: 768, height: 1024 },
];

test('an inactive student: retention date, her data as a ZIP, who looked, and definitive deletion', async ({ page, server }) => {
  test.setTimeout(120_000);
  const token = await tokenFor(server.url, DOCENT);
  const [student] = await apiGet<Student[]>(server.url, 'organisations/students/idle', token);
  if (!student) throw new Error('the demo school has no inactive students');

  await signIn(page, server.url, DOCENT);
  await expect(page).toHaveURL(/\/index$/);
  await page.goto(`${server.url}/students/form/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Profiel ${student.email} wijzigen` })).toBeVisible();
  await expect(page.getByText(/^Wordt verwijderd op \d{1,2} [a-z]{3} \d{4}$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const log = page.getByRole('table', { name: 'Wie heeft dit ingezien' });
  await expect(log.getByRole('row').filter({ hasText: DOCENT }).filter({ hasText: 'Profiel bekeken' })).toBeVisible();

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Leerling definitief verwijderen' })).toBeVisible();
    await page.screenshot({ path: `test-results/student-privacy/${size.name}-privacy.png`, fullPage: true });
    await expectAccessible(page);
    await expectTouchTargets(page);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gegevens downloaden' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gegevens-leerling-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(JSON.parse(new TextDecoder().decode(zip['profiel.json']))).toMatchObject({ id: student.id, email: student.email });
  await expect(page.getByText('De gegevens zijn gedownload.')).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Alle gegevens gedownload' })).toBeVisible();

  // A download needs the network: offline it says so, in Dutch.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Gegevens downloaden' }).click();
  await expect(
    page.getByText('Gegevens downloaden kan alleen met een internetverbinding. Probeer het opnieuw als je weer online bent.'),
  ).toBeVisible();
  await page.context().setOffline(false);

  await page.getByRole('button', { name: 'Leerling definitief verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leerling definitief verwijderen' });
  await expect(dialog).toContainText(/\d+ portfolio-opdracht(en)?, \d+ feedbackbericht(en)?, \d+ toetsresulta(at|ten)/);
  await expect(dialog).toContainText('Dit kan niet ongedaan worden gemaakt.');
  await page.screenshot({ path: `test-results/student-privacy/portrait-confirm.png` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(page).toHaveURL(/\/classrooms$/);
  const gone = await fetch(`${server.url}/api/users/details/${student.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status).toBe(404);
});
