/** Classes and their students in a real browser: the list, the form, deleting and moving. */
import { expect, expectAccessible, expectTouchTargets, signIn, test } from './fixtures';

test.describe('classes', () => {
  test('the list is accessible, and a class with students cannot be deleted', async ({ page, server }) => {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.goto(`${server.url}/classrooms`);
    await expect(page.getByRole('heading', { level: 1, name: 'Klassen & leerlingen' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Klassen' });
    await expect(table.getByRole('link', { name: '1B', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inactieve leerlingen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leerlingen zonder klas' })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    await table.getByRole('button', { name: 'Waarom kan klas 1B niet worden verwijderd?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Let op!' });
    await expect(dialog).toContainText(
      'Er zitten nog leerlingen in deze klas. Verwijder eerst de leerlingen uit de klas, alvorens je deze klas kan verwijderen.',
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The switch keeps only the teacher's own classes; the search narrows by code or name.
    await page.getByRole('switch', { name: 'Mijn klassen' }).check();
    await expect(table.getByRole('link', { name: '1GT', exact: true })).toHaveCount(0);
    await page.getByRole('searchbox', { name: /Zoeken op naam/ }).fill('3gt');
    await expect(table.locator('tbody tr')).toHaveCount(1);
  });

  test('a new class gets its code on saving; the form is accessible', async ({ page, server }) => {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.goto(`${server.url}/classrooms/form/0`);
    await expect(page.getByRole('heading', { level: 1, name: 'Klas toevoegen' })).toBeVisible();
    await expect(page.getByText('de klascode wordt gemaakt als je de klas opslaat.')).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);
    await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();

    await page.getByRole('textbox', { name: /Naam van de klas/ }).fill('E2E-klas');
    await page.getByRole('combobox', { name: 'Standaardniveau' }).click();
    await page.getByRole('option', { name: 'Kader' }).click();
    await page
      .getByRole('button', { name: /Maatschappijleer 1/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Alles activeren in Maatschappijleer 1' }).click();
    await expect(page.getByRole('button', { name: 'Opslaan' })).toBeEnabled();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Klas wijzigen' })).toBeVisible();
    await expect(page).toHaveURL(/\/classrooms\/form\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Klascode' })).toHaveValue(/^[A-Z2-9]{6}$/);
    await expectAccessible(page);
  });

  test('moving two students shows them in the other class', async ({ page, server }) => {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.goto(`${server.url}/classrooms`);
    await page.getByRole('table', { name: 'Klassen' }).getByRole('link', { name: '1K', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '1K' })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    const uitvoeren = page.getByRole('button', { name: 'Uitvoeren' });
    await expect(uitvoeren).toBeDisabled();
    const rows = page.getByRole('table', { name: 'Leerlingen van de klas' }).locator('tbody tr');
    const names: string[] = [];
    for (const i of [0, 1]) {
      const row = rows.nth(i);
      names.push((await row.getByRole('link').first().textContent()) ?? '');
      await row.getByRole('checkbox').check();
    }
    await expect(uitvoeren).toBeDisabled();
    await page.getByRole('combobox', { name: 'Actie voor de geselecteerde leerlingen' }).click();
    await page.getByRole('option', { name: 'Verplaatsen naar andere klas' }).click();
    await expect(uitvoeren).toBeEnabled();
    await uitvoeren.click();

    const dialog = page.getByRole('dialog', { name: 'Leerlingen verplaatsen' });
    await expect(dialog.getByRole('radio', { name: '1K (huidige klas)' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Verplaatsen' })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: '2GT', exact: true }).first().check();
    await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
    await expect(dialog).toBeHidden();
    for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

    await page.goto(`${server.url}/classrooms`);
    await page.getByRole('table', { name: 'Klassen' }).getByRole('link', { name: '2GT', exact: true }).first().click();
    for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  });
});
