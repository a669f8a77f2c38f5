/**
 * 'Voortgang' of a class (issue 32) on a tablet: the heatmap at 1024×768 and 768×1024 (screenshots in
 * test-results/progress/), no sideways page scroll down to a phone, axe with 0 violations, and a tap on
 * a cell opens that item's feedback modal.
 */
import { readFileSync } from 'node:fs';
import type { ClassProgress } from '../../src/api/portfolios/types';
import type { Classroom } from '../../src/api/classrooms/types';
import { expect, expectAccessible, PASSWORD, signIn, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

test('a class at a glance: heatmap, legend, chart; a cell opens its feedback', async ({ page, request, server }) => {
  const auth = await request.post(`${server.url}/api/users/authenticate`, {
    form: { email: 'docent@demoschool.nl', password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' },
  });
  const headers = { Authorization: `Bearer ${((await auth.json()) as { accessToken: string }).accessToken}` };
  // The demo class with the most portfolio work.
  const classes = (await (await request.get(`${server.url}/api/classrooms/school`, { headers })).json()) as Classroom[];
  let best: ClassProgress | null = null;
  for (const c of classes.filter((c) => c.studentCount > 0)) {
    const p = (await (await request.get(`${server.url}/api/portfolioItems/progress/${c.id}`, { headers })).json()) as ClassProgress;
    const items = (q: ClassProgress) => q.students.flatMap((s) => s.items).filter(Boolean).length;
    if (!best || items(p) > items(best)) best = p;
  }
  expect(best && best.students.some((s) => s.items.some(Boolean))).toBeTruthy();
  const room = best!;

  await page.setViewportSize({ width: 1024, height: 768 });
  // The charts' code (recharts, ~125 KB gz) must not hold up the heatmap: it is fetched only when the
  // teacher scrolls down to a chart. Which file holds recharts, the build says (whatever its name).
  const chartChunks: string[] = [];
  page.on('request', (r) => {
    const file = /\/assets\/([^/?]+\.js)$/.exec(r.url())?.[1];
    if (file && readFileSync(`dist/assets/${file}`, 'utf8').includes('recharts-wrapper')) chartChunks.push(file);
  });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  // The dashboard's chosen class leads to its 'Voortgang' (the choice itself is not changed here).
  const chosen = page.getByLabel('Klas', { exact: true });
  await expect(chosen).not.toHaveValue('');
  const chosenName = (await chosen.locator('option:checked').textContent())!.trim();
  const toProgress = page.getByRole('link', { name: 'Voortgang van deze klas' });
  await expect(toProgress).toHaveAttribute('href', `/classrooms/progress/${await chosen.inputValue()}`);
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await toProgress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/progress/dashboard-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await toProgress.click();
  await expect(page.getByRole('heading', { level: 1, name: `Voortgang ${chosenName}` })).toBeVisible();
  await page.goto(`${server.url}/classrooms/students/${room.classroomId}`);
  chartChunks.length = 0;
  await page.getByRole('link', { name: 'Voortgang' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Voortgang ${room.classroomName}` })).toBeVisible();
  const heatmap = page.getByRole('region', { name: 'Voortgang per leerling en les' });
  await expect(heatmap.getByRole('rowheader')).toHaveCount(room.students.length);
  await expect(page.getByRole('list', { name: 'Legenda' }).getByText('Goedkeuren?')).toBeVisible();
  await expect(page.getByLabel('Periode')).toBeVisible();
  await page.screenshot({ path: 'test-results/progress/1024x768.png' });
  // The heatmap of this class fills the first screen; the chart below it is not loaded yet.
  expect(chartChunks).toEqual([]);
  const figure = page.getByRole('figure', { name: 'Beoordelingen per les: aantal leerlingen met Goed, Voldoende en Onvoldoende' });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('.recharts-surface')).toBeVisible();
  expect(new Set(chartChunks).size).toBe(1);
  // The legend in the order of the bars, each name with its colour.
  await expect(figure.locator('.mantine-ChartLegend-legendItemName')).toHaveText(['Goed', 'Voldoende', 'Onvoldoende']);
  await expect(figure.locator('.mantine-ChartLegend-legendItemColor').first()).toHaveCSS('width', /^[1-9]/);
  await page.screenshot({ path: 'test-results/progress/1024x768-chart.png' });
  // The class's activity per day: 28 bars, and for screen readers a table with the server's counts.
  const activity = page.getByRole('figure', { name: 'Activiteit in de klas per dag, de laatste vier weken' });
  await activity.scrollIntoViewIfNeeded();
  await expect(activity.locator('.recharts-surface')).toBeVisible();
  const activityTable = activity.getByRole('table', { name: 'Activiteit in de klas per dag, de laatste vier weken' });
  await expect(activityTable.locator('tbody tr')).toHaveCount(28);
  expect((await activityTable.locator('tbody td').allTextContents()).map(Number)).toEqual(room.activityPerDay!.map((d) => d.n));
  await page.screenshot({ path: 'test-results/progress/1024x768-activity.png' });
  await expectAccessible(page);

  for (const [width, height] of [
    [768, 1024],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The heatmap scrolls in its own box; the page never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await heatmap.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/progress/${width}x${height}-heatmap.png` });
  }
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByLabel('Sorteren op').selectOption('least');
  // 'Periode': two taps in the calendar make a range, and the class's progress is read for it.
  const periodRead = page.waitForRequest((r) => /\/api\/portfolioItems\/progress\/\d+\?from=\d{4}-\d\d-\d\d&to=/.test(r.url()));
  await page.getByRole('button', { name: 'Periode', exact: true }).click();
  // This month's days up to today (the later ones are disabled; the first of the month to today).
  const dayButtons = page
    .getByRole('dialog')
    .locator('button.mantine-DatePickerInput-day:not([disabled]):not([data-outside]):not([data-hidden])');
  await dayButtons.first().click();
  await dayButtons.last().click();
  await periodRead;
  await expect(page.getByRole('button', { name: 'Periode', exact: true })).toHaveText(/^\d{1,2} [a-z]{3} \d{4} – \d{1,2} [a-z]{3} \d{4}$/);
  await expect(heatmap.getByRole('rowheader')).toHaveCount(room.students.length);
  await page.screenshot({ path: 'test-results/progress/768x1024.png' });

  // Tap the first cell with work: its feedback modal opens on that student's item.
  const student = room.students.find((s) => s.items.some(Boolean))!;
  const cell = heatmap.getByRole('button', { name: new RegExp(`^${student.name}, les`) }).first();
  await cell.click();
  const modal = page.getByRole('dialog', { name: `Feedback voor ${student.name}` });
  await expect(modal.getByText('Voltooid op:')).toBeVisible();
  await page.screenshot({ path: 'test-results/progress/768x1024-feedback.png' });
  await expectAccessible(page);
});
