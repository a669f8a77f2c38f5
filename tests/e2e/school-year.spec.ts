/** Issue 31: the 'Nieuw schooljaar' wizard on a tablet, upright and flat, and a phone that must not scroll sideways; planned, cancelled and applied. */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { startServer, type RunningServer } from './server';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
const next = (page: Page) => page.getByRole('button', { name: 'Volgende' }).click();
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
const SIZES = [
  { name: 'flat', width: 1024, height: 768 },
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];
/** '6 september 2027': the first Monday of September of the year the wizard proposes (its default first school day). */
async function proposedDay(page: Page): Promise<{ name: string; day: string }> {
  const name = await page.getByLabel('Naam van het schooljaar').inputValue();
  const first = new Date(Date.UTC(Number(name.slice(0, 4)), 8, 1));
  first.setUTCDate(1 + ((8 - first.getUTCDay()) % 7));
  return { name, day: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first) };
}

// Serial: the second test applies the year the first only looks at. Four axe runs on a shared machine need more than a minute.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

// A server of its own: the worker's shared one may hold a class another spec added (13, not 12), and
// the year applied here archives every class, which the specs after it must not meet.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.dispose();
});

test('walks the four steps upright (768×1024) and on a phone without changing anything', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto(`${server.url}/classrooms`);
  await page.getByRole('link', { name: 'Nieuw schooljaar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw schooljaar' })).toBeVisible();
  await expect(page.getByText('Het nieuwe schooljaar kan alleen met internet worden ingesteld.')).toBeVisible();
  await expect(page.getByLabel('Naam van het schooljaar')).toHaveValue(/^\d{4}-\d{4}$/);
  await expect(page.getByRole('button', { name: /Eerste schooldag/ })).toContainText(/^\d+ september \d{4}$/);
  await expectAccessible(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await noSidewaysScroll(page);
    await shot(page, `${size.name}-1-start`);
  }
  await page.setViewportSize({ width: 768, height: 1024 });
  // Step 1 checks the name itself, under the field.
  await page.getByLabel('Naam van het schooljaar').fill('');
  await next(page);
  await expect(page.getByText('Vul de naam van het schooljaar in, bijvoorbeeld 2027-2028.')).toBeVisible();
  await shot(page, 'portrait-1-empty-name');
  await page.reload();
  await expect(page.getByLabel('Naam van het schooljaar')).toHaveValue(/^\d{4}-\d{4}$/);

  await next(page);
  const classes = page.getByRole('table', { name: 'Klassen in het nieuwe schooljaar' });
  await expect(classes.getByRole('textbox', { name: 'Nieuwe naam voor 1B' })).toHaveValue('2B');
  await expect(classes.getByRole('checkbox', { name: 'Stopt (eindexamenjaar)' })).toHaveCount(2);
  await shot(page, 'portrait-2-classes');
  await expectAccessible(page);

  await next(page);
  await expect(page.getByRole('table', { name: 'Leerlingen in het nieuwe schooljaar' }).locator('tbody tr').first()).toBeVisible();
  await shot(page, 'portrait-3-students');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  // One class: axe over all 298 rows takes longer than the test may.
  await page.getByLabel('Klas', { exact: true }).selectOption('1B');
  await expect(page.getByRole('table', { name: 'Leerlingen in het nieuwe schooljaar' }).locator('tbody tr')).toHaveCount(26);

  await next(page);
  await expect(page.getByTestId('year-summary')).toHaveText(
    '12 klassen → 10 klassen, 298 leerlingen: 248 door, 0 blijven zitten, 50 van school',
  );
  await shot(page, 'portrait-4-summary');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, 'phone-4-summary');
});

test('plans the year for its first school day, shows it until then, and cancels it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto(`${server.url}/school-year`);
  const { name, day } = await proposedDay(page);
  for (let i = 0; i < 3; i++) await next(page);
  await expect(page.getByRole('button', { name: 'Nu invoeren' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: `Plannen voor ${day}` }).scrollIntoViewIfNeeded();
  await shot(page, 'phone-4-plan-buttons');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: `Plannen voor ${day}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Plannen' }).click();
  await expect(page.getByText(`Gepland voor ${day}`)).toBeVisible();
  await expect(page.getByText(/Zoals het er nu voor staat: 12 klassen → 10 klassen/)).toBeVisible();
  await expectAccessible(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await noSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${size.name}-scheduled`);
  }
  // Nothing moved: this year's classes are all still there, and the plan is still there after a reload.
  await page.goto(`${server.url}/classrooms`);
  await expect(page.getByRole('table', { name: 'Klassen' }).getByRole('link', { name: '2K-a', exact: true })).toBeVisible();
  await page.goto(`${server.url}/school-year`);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByText(`Het plan voor schooljaar ${name} is geannuleerd. Er is niets gewijzigd.`)).toBeVisible();
  await expect(page.getByLabel('Naam van het schooljaar')).toHaveValue(name);
});

test('applies the year flat (1024×768) with students staying behind, once', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto(`${server.url}/school-year`);
  await next(page);
  // 2K-a and 2K-b become one 3K.
  const classes = page.getByRole('table', { name: 'Klassen in het nieuwe schooljaar' });
  await classes.getByRole('textbox', { name: 'Nieuwe naam voor 2K-a' }).fill('3K');
  await classes.getByRole('textbox', { name: 'Nieuwe naam voor 2K-b' }).fill('3K');
  await expect(classes.getByText('Samengevoegd')).toHaveCount(2);
  await shot(page, 'flat-2-classes');

  await next(page);
  await page.getByLabel('Klas', { exact: true }).selectOption('1B');
  const students = page.getByRole('table', { name: 'Leerlingen in het nieuwe schooljaar' });
  const rows = students.locator('tbody tr');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByLabel('Voor de geselecteerde leerlingen').selectOption({ label: 'Blijft zitten' });
  await page.getByRole('button', { name: 'Toepassen' }).click();
  await expect(rows.nth(0).getByRole('combobox')).toHaveValue('zitten');
  await shot(page, 'flat-3-students');

  await next(page);
  await expect(page.getByTestId('year-summary')).toHaveText(
    /^12 klassen → 10 klassen, 298 leerlingen: 246 door, 2 blijven zitten, 50 van school$/,
  );
  await shot(page, 'flat-4-summary');
  // Before its first school day 'Nu invoeren' (on that day itself the only choice, 'Schooljaar … instellen').
  await page.getByRole('button', { name: /^(Nu invoeren|Schooljaar \d{4}-\d{4} instellen)$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Nu invoeren|Instellen)$/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /is ingesteld: 10 nieuwe klassen, 50 leerlingen van school\./ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Nieuwe klassen en hun klascodes' }).locator('tbody tr')).toHaveCount(10);
  await shot(page, 'flat-5-done');
  await expectAccessible(page);

  // Opened again, the wizard offers the year after the one just set, and says that one is set.
  const set = (
    await page
      .getByRole('status')
      .filter({ hasText: /is ingesteld/ })
      .innerText()
  ).match(/Schooljaar (\d{4})-\d{4}/)?.[1];
  await page.goto(`${server.url}/school-year`);
  await expect(page.getByText(new RegExp(`^Schooljaar ${set}-\\d{4} is al ingesteld op`))).toBeVisible();
  await expect(page.getByLabel('Naam van het schooljaar')).toHaveValue(`${Number(set) + 1}-${Number(set) + 2}`);

  await page.goto(`${server.url}/classrooms`);
  const list = page.getByRole('table', { name: 'Klassen' });
  await expect(list.getByRole('link', { name: '3K', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: '2K-a', exact: true })).toHaveCount(0);
  // Last year's classes are still there to read, under their year.
  await page.getByLabel('Schooljaar', { exact: true }).selectOption({ label: '2026-2027 (12 klassen)' });
  await expect(page.getByRole('table', { name: 'Klassen van 2026-2027' }).getByRole('link', { name: '2K-a', exact: true })).toBeVisible();

  // Last year's class is read-only: its students to read, no actions, and why.
  await page.getByRole('table', { name: 'Klassen van 2026-2027' }).getByRole('link', { name: '2K-a', exact: true }).click();
  await expect(
    page.getByText('Klas 2K-a hoort bij schooljaar 2026-2027 en kan niet meer worden gewijzigd.', { exact: false }),
  ).toBeVisible();
  const archived = page.getByRole('table', { name: 'Leerlingen van de klas' });
  await expect(archived.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Klas wijzigen' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(archived.getByRole('button', { name: / verwijderen$/ })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'flat-6-archived-class');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'phone-archived-class');
});
