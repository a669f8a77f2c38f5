/**
 * 'Periode' on 'Alle activiteiten' (issue 32): a date range chosen in the Dutch calendar narrows the
 * list to the work last done within it (the server filters), and 'Periode wissen' brings back the rest.
 * The filter bar at 1024×768, 768×1024 and 390×844 (screenshots in test-results/portfolios-period/).
 */
import { expect, expectAccessible, signIn, test, todayInAmsterdam } from './fixtures';

const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
const SHORT = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const long = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const short = (d: Date) => `${d.getDate()} ${SHORT[d.getMonth()]} ${d.getFullYear()}`;

test.describe.configure({ timeout: 120_000 });

test("'Periode' narrows 'Alle activiteiten' to the chosen days", async ({ page, server }) => {
  const today = todayInAmsterdam();
  // The last week before today: the demo's newest work (today) falls outside.
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const calendar = page.getByRole('dialog');
  /** Tap a day, leafing back or on a month first when it is not in the month shown. */
  const tapDay = async (day: Date, shown: Date) => {
    if (day.getMonth() !== shown.getMonth())
      await calendar.getByRole('button', { name: day < shown ? 'Vorige maand' : 'Volgende maand' }).click();
    await calendar.getByRole('button', { name: long(day), exact: true }).click();
  };

  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto(`${server.url}/portfolios`);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText(short(today));

  await page.getByRole('button', { name: 'Periode', exact: true }).click();
  // The calendar's arrows are named for a screen reader (Mantine leaves them nameless).
  await expect(calendar.getByRole('button', { name: 'Vorige maand' })).toBeVisible();
  await tapDay(from, today);
  await tapDay(to, from);
  await expect(page.getByRole('button', { name: 'Periode', exact: true })).toHaveText(`${short(from)} – ${short(to)}`);
  await expect(rows.first()).not.toContainText(short(today));
  const days = await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
  expect(days.length).toBeGreaterThan(0);
  expect(days.filter((t) => t.includes(short(today)))).toEqual([]);
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/portfolios-period/${width}x${height}.png` });
  }
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Periode wissen' }).click();
  await expect(rows.first()).toContainText(short(today));
});
