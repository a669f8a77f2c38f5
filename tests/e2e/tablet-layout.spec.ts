/**
 * Tablet-first layout (issue #14) down to a phone (issue #30): every main route in landscape
 * (1024×768), portrait (768×1024), on two phones (390×844, 360×740) and at 1024×768 zoomed to 200 %,
 * signed in as the demo teacher whose school overuses its licences, so the danger banner shows. Each
 * route is photographed (test-results/tablet/) and must have its heading in the top 40 % of the
 * screen, nothing that scrolls sideways, no tap target under 24 px, no button label cut off and no
 * axe violation.
 *
 * Browser zoom is emulated as what it is in CSS terms: 200 % of 1024×768 is a 512×384 CSS px viewport
 * at deviceScaleFactor 2 (media queries, layout and the 40 % all see those CSS pixels).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';

const SIZES = [
  { name: 'landscape', width: 1024, height: 768, scale: 1, headingWithin: 0.4 },
  { name: 'portrait', width: 768, height: 1024, scale: 1, headingWithin: 0.4 },
  { name: 'phone-390', width: 390, height: 844, scale: 3, headingWithin: 0.4 },
  { name: 'phone-360', width: 360, height: 740, scale: 2, headingWithin: 0.4 },
  // Zoomed, issue 30 asks that nothing is cut off or hidden behind a fixed header: the heading on the
  // first screen. 40 % of 384 px is less than the band, the folded licence strip, the way back and a
  // two-line heading together.
  { name: 'zoom-200', width: 512, height: 384, scale: 2, headingWithin: 1 },
] as const;

/** Below 40em the tabs live behind the header's 'Menu' button. */
async function openTab(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await link.click();
}

interface Route {
  name: string;
  /** How a teacher reaches the page. */
  open: (page: Page, base: string) => Promise<void>;
  /** What this page must show in view besides the common checks. */
  check?: (page: Page, size: { width: number; height: number }) => Promise<void>;
}

/** Every element's box lies within the screen's width. */
async function expectWithinWidth(page: Page, selector: string, width: number): Promise<void> {
  const outside = await page.locator(selector).evaluateAll(
    (els, w) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.left < 0 || r.right > w)
        .map((r) => `${Math.round(r.left)}–${Math.round(r.right)}`),
    width,
  );
  expect.soft(outside, `${selector} within the screen's width`).toEqual([]);
}

/** The dashboard's open requests: 'Goedkeuren?' and its info button in view, and tapping it keeps the checkbox column in view. */
async function checkActivityTable(page: Page, size: { width: number }): Promise<void> {
  const table = page.getByRole('table', { name: 'Activiteiten van de klas' });
  const decide = table.getByRole('button', { name: /^Goedkeuren\?/ });
  await expect(decide.first()).toBeVisible();
  await expectWithinWidth(page, '[aria-label^="Uitleg bij de aanvraag van"]', size.width);
  await expectWithinWidth(page, '[aria-label^="Goedkeuren?"]', size.width);
  await decide.first().click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expectWithinWidth(page, 'table[aria-label="Activiteiten van de klas"] input[type="checkbox"]', size.width);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
}

const goto = (path: string) => async (page: Page, base: string) => {
  await page.goto(`${base}${path}`);
};

/** Into class 1B the way a teacher goes: from the list. */
async function openClass(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/classrooms`);
  await page.getByRole('table', { name: 'Klassen' }).getByRole('link', { name: '1B', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '1B' })).toBeVisible();
}

const ROUTES: Route[] = [
  { name: 'index', open: goto('/index'), check: checkActivityTable },
  { name: 'classrooms', open: goto('/classrooms') },
  { name: 'class-students', open: openClass },
  {
    name: 'student-form',
    open: async (page, base) => {
      await openClass(page, base);
      await page.getByRole('table', { name: 'Leerlingen van de klas' }).locator('tbody tr').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/students\/form\/\d+$/);
    },
  },
  { name: 'teachers', open: goto('/teachers') },
  { name: 'documents', open: goto('/documents') },
  { name: 'books', open: goto('/books') },
  { name: 'examinations', open: goto('/examinations') },
  { name: 'portfolios', open: goto('/portfolios') },
  {
    name: 'wishlist',
    open: goto('/wishlist'),
    check: async (page) => {
      // 'Stem voor (3)', not 'Stem voor(3)': innerText follows what is rendered, so a dropped space shows.
      const label = await page
        .getByRole('button', { name: /^Stem voor/ })
        .first()
        .evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));
      expect.soft(label).toMatch(/^Stem voor .*\(\d+\)$/);
    },
  },
  { name: 'licenses', open: goto('/licenses') },
];

/** Elements that scroll sideways (the page itself included), with how far. */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const { overflowX, display } = getComputedStyle(el);
      if (display === 'none' || !['auto', 'scroll'].includes(overflowX)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const name = el.getAttribute('aria-label') ?? el.className.toString().slice(0, 40);
        found.push(`${el.tagName.toLowerCase()} "${name}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return found;
  });
}

/**
 * Tap targets smaller than `min` px in either direction. Links in running text are excepted (WCAG
 * 2.5.8): a link whose block holds more text than the link itself.
 */
async function smallTargets(page: Page, min: number, selector: string): Promise<string[]> {
  return page.evaluate(
    ({ min, selector }) => {
      const inRunningText = (el: HTMLElement) => {
        if (el.tagName !== 'A') return false;
        const block = el.closest('p, li, td, th, dd, label, div');
        return Boolean(block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 1);
      };
      return Array.from(document.querySelectorAll<HTMLElement>(selector))
        .filter((el) => {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none') return false;
          if (el.closest('[aria-hidden="true"], .mantine-visually-hidden')) return false;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) return false;
          if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
            const label = el.closest('label') ?? el.parentElement;
            const lr = label?.getBoundingClientRect();
            return !lr || lr.height < min - 0.5 || lr.width < min - 0.5;
          }
          if (inRunningText(el)) return false;
          return r.height < min - 0.5 || r.width < min - 0.5;
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
        });
    },
    { min, selector },
  );
}

/** Button labels that end mid-word: Mantine cuts a label that does not fit ('Goedkeurer', 'schoolp'). */
async function cutButtonLabels(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Button-label')
    .evaluateAll((els) =>
      els.filter((el) => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''),
    );
}

/** Lines of text each element takes: the bottoms of its text boxes, more than 8 px apart. */
async function lineCounts(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const bottoms = Array.from(range.getClientRects())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => r.bottom)
        .sort((a, b) => a - b);
      return bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1]! > 8).length;
    }),
  );
}

/** Cells of the first rows that a teacher cannot see (display none, no size, or off the screen's width). */
async function unseenCells(page: Page, table: string, width: number): Promise<string[]> {
  return page.locator(`table[aria-label="${table}"] tbody tr:nth-child(-n+3) td, table[aria-label="${table}"] th`).evaluateAll(
    (els, w) =>
      els
        .filter((el) => (el.textContent ?? '').trim() !== '')
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return getComputedStyle(el).display === 'none' || r.width === 0 || r.height === 0 || r.left < 0 || r.right > w;
        })
        .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`),
    width,
  );
}

const ANY_TARGET =
  'a[href], button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"], input:not([type="hidden"]), select, textarea, summary';
/** The primary ways into things and the decisions a teacher makes, which must be 44 px. */
const PRIMARY_TARGET = 'table a[href], table button, [data-primary-action], nav a';

for (const size of SIZES) {
  test.describe(`tablet layout, ${size.name} ${size.width}×${size.height}`, () => {
    let context: BrowserContext;
    let page: Page;
    /** Button labels on /login that end mid-word. */
    let loginCutLabels: string[] = [];

    // One sign-in per orientation: the routes share this page (axe needs a page of its own context).
    test.beforeAll(async ({ browser, server }) => {
      context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
        locale: 'nl-NL',
        timezoneId: 'Europe/Amsterdam',
        serviceWorkers: 'allow',
      });
      page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
      await page.screenshot({ path: `test-results/tablet/${size.name}-login.png` });
      loginCutLabels = await cutButtonLabels(page);
      await signIn(page, server.url, 'docent@demoschool.nl');
      await expect(page).toHaveURL(/\/index$/);
    });

    test.afterAll(async () => {
      await context.close();
    });

    test("the sign-in page shows each button's whole label ('Inloggen via het schoolportaal')", () => {
      expect(loginCutLabels).toEqual([]);
    });

    for (const route of ROUTES) {
      test(`${route.name} fits the screen`, async ({ server }) => {
        await route.open(page, server.url);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        await expect(page.getByRole('region', { name: 'Licentiemelding' })).toBeVisible();
        // Let late data (reads, deferred shell parts) settle before measuring.
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('button', { name: /Accountmenu/ })).toBeVisible();
        await page.screenshot({ path: `test-results/tablet/${size.name}-${route.name}.png`, fullPage: false });
        await page.screenshot({ path: `test-results/tablet/${size.name}-${route.name}-full.png`, fullPage: true });

        const box = await heading.boundingBox();
        expect(box, 'heading laid out').not.toBeNull();
        expect
          .soft(box!.y + box!.height, `heading bottom within the top ${size.headingWithin * 100} % of the screen`)
          .toBeLessThanOrEqual(Math.floor(size.height * size.headingWithin));
        expect.soft(await sidewaysScrollers(page), 'nothing scrolls sideways').toEqual([]);
        expect.soft(await smallTargets(page, 24, ANY_TARGET), 'targets below 24 px').toEqual([]);
        expect.soft(await smallTargets(page, 44, PRIMARY_TARGET), 'primary targets below 44 px').toEqual([]);
        expect.soft(await cutButtonLabels(page), 'button labels cut off').toEqual([]);
        await route.check?.(page, size);
        await expectAccessible(page);
      });
    }

    if (size.name === 'landscape' || size.name === 'portrait') {
      test('every spec column is on screen, folded under the main cell in portrait, with its sort header (issue 28 items 29, 30)', async ({
        server,
      }) => {
        await page.goto(`${server.url}/classrooms`);
        const classes = page.getByRole('table', { name: 'Klassen' });
        await expect(classes.locator('tbody tr').first()).toBeVisible();
        expect.soft(await unseenCells(page, 'Klassen', size.width), 'classes: every value on screen').toEqual([]);
        await classes.getByRole('button', { name: 'Nummer', exact: true }).click();
        await expect(classes.getByRole('columnheader', { name: 'Nummer' })).toHaveAttribute('aria-sort', 'ascending');
        expect.soft(await sidewaysScrollers(page), 'classes: nothing scrolls sideways').toEqual([]);
        await page.screenshot({ path: `test-results/tablet/${size.name}-fold-classrooms.png` });

        await openClass(page, server.url);
        const students = page.getByRole('table', { name: 'Leerlingen van de klas' });
        await expect(students.locator('tbody tr').first()).toBeVisible();
        expect.soft(await unseenCells(page, 'Leerlingen van de klas', size.width), 'students: every value on screen').toEqual([]);
        await students.getByRole('button', { name: 'Inlogmethode', exact: true }).click();
        await expect(students.getByRole('columnheader', { name: 'Inlogmethode' })).toHaveAttribute('aria-sort', 'ascending');
        // 'Laatst actief' is the fifth column: '26 nov 2026' / '09:09', never three lines.
        const active = await lineCounts(page, 'table[aria-label="Leerlingen van de klas"] tbody tr td:nth-child(5)');
        expect.soft(Math.max(...active), "'Laatst actief' on one or two lines").toBeLessThanOrEqual(2);
        expect.soft(await sidewaysScrollers(page), 'students: nothing scrolls sideways').toEqual([]);
        await page.screenshot({ path: `test-results/tablet/${size.name}-fold-students.png` });

        await page.goto(`${server.url}/examinations`);
        const exams = page.getByRole('table', { name: 'Toetsen' });
        await expect(exams.locator('tbody tr').first()).toBeVisible();
        expect.soft(await unseenCells(page, 'Toetsen', size.width), 'exams: every value on screen').toEqual([]);
        await expect(exams.getByRole('columnheader', { name: 'Gepubliceerd op' })).toBeVisible();
        const dates = await lineCounts(
          page,
          'table[aria-label="Toetsen"] tbody tr td:nth-child(5), table[aria-label="Toetsen"] tbody tr td:nth-child(6)',
        );
        expect.soft(Math.max(...dates), 'exam dates on one or two lines').toBeLessThanOrEqual(2);
        expect.soft(await sidewaysScrollers(page), 'exams: nothing scrolls sideways').toEqual([]);
        await page.screenshot({ path: `test-results/tablet/${size.name}-fold-exams.png` });
      });

      test("the overview's choices show their whole value (issue 28 item 22)", async ({ server }) => {
        await page.goto(`${server.url}/portfolios`);
        await page.getByRole('tab', { name: 'Overzicht per klas per les' }).click();
        const pick = async (label: string, option: string | RegExp) => {
          await page.getByRole('combobox', { name: label }).click();
          await page.getByRole('option', { name: option }).first().click();
        };
        await pick('Klas', '1B');
        await pick('Vak', 'Maatschappijleer 2 (examenvak)');
        await pick('Module', 'Criminaliteit en rechtsstaat');
        await pick('Les', /./);
        await expect(page.getByRole('combobox', { name: 'Module' })).toHaveValue('Criminaliteit en rechtsstaat');
        await page.screenshot({ path: `test-results/tablet/${size.name}-overview-choices.png` });
        for (const label of ['Klas', 'Vak', 'Module', 'Les']) {
          const cut = await page.getByRole('combobox', { name: label }).evaluate((el) => el.scrollWidth > el.clientWidth);
          expect.soft(cut, `'${label}' shows its whole value`).toBe(false);
        }
        expect.soft(await sidewaysScrollers(page), 'nothing scrolls sideways').toEqual([]);
      });

      test('the teachers table keeps its shape after a colleague is set inactive and active (issue 28 item 17)', async ({ server }) => {
        await page.goto(`${server.url}/teachers`);
        const table = page.getByRole('table', { name: 'Docenten' });
        await expect(table.locator('tbody tr').first()).toBeVisible();
        const shape = async () => ({
          ...(await page.locator('table[aria-label="Docenten"]').evaluate((t) => ({
            action: Math.round(t.querySelector('th:last-child')!.getBoundingClientRect().width),
            cut: Array.from(t.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'))
              .filter((b) => b.scrollWidth > b.clientWidth + 1)
              .map((b) => b.textContent),
          }))),
          emails: await lineCounts(page, 'table[aria-label="Docenten"] tbody td:nth-child(3)'),
        });
        const before = await shape();
        const row = table.getByRole('row').filter({ hasText: 'l.bakker@hetbaken.nl' });
        await row.getByRole('button', { name: /^Zet op inactief/ }).click();
        await page.getByRole('dialog', { name: 'Let op!' }).getByRole('button', { name: 'Zet op inactief' }).click();
        await expect(row.getByText('Docent is op inactief gezet.', { exact: false })).toBeVisible();
        await page.screenshot({ path: `test-results/tablet/${size.name}-teachers-after-toggle.png` });
        const after = await shape();
        await row.getByRole('button', { name: /^Zet op actief/ }).click();
        await expect(row.getByText('Docent is op actief gezet.', { exact: false })).toBeVisible();
        expect.soft(after.cut, 'no status badge cut off').toEqual([]);
        expect.soft(Math.abs(after.action - before.action), "the 'Actie' column keeps its width").toBeLessThanOrEqual(2);
        expect.soft(after.emails, 'no e-mail breaks onto more lines').toEqual(before.emails);
        expect.soft(Math.max(...after.emails), 'an e-mail on at most two lines').toBeLessThanOrEqual(2);
      });
    }

    if (size.name === 'landscape') {
      test("the activity text has the room and rows stay compact, on the dashboard and in 'Alle activiteiten' (issue 28 items 5, 21)", async ({
        server,
      }) => {
        await page.goto(`${server.url}/index`);
        const feed = page.getByRole('table', { name: 'Activiteiten van de klas' });
        await expect(feed.locator('tbody tr').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const rows = await feed
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height).filter((h) => h > 0));
        const activity = await feed
          .locator('tbody tr td:nth-child(3)')
          .first()
          .evaluate((td) => td.getBoundingClientRect().width);
        await page.screenshot({ path: `test-results/tablet/${size.name}-activity-rows.png` });
        expect.soft(activity, "'Activiteit' is the widest column (about 400 px)").toBeGreaterThanOrEqual(350);
        const average = rows.reduce((a, b) => a + b, 0) / rows.length;
        // Before: 122 px (the text in 172 px, four lines); two lines, and a third for a request's status.
        expect.soft(average, 'an activity row, on average').toBeLessThanOrEqual(90);

        await page.goto(`${server.url}/portfolios`);
        const first = page.locator('.fit-table table tbody tr');
        await expect(first.first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const dates = await lineCounts(page, '.fit-table table tbody tr td:nth-child(1)');
        expect.soft(Math.max(...dates), "'Datum' on one or two lines").toBeLessThanOrEqual(2);
        const heights = await first.evaluateAll((trs) => trs.slice(0, 25).map((tr) => tr.getBoundingClientRect().height));
        await page.screenshot({ path: `test-results/tablet/${size.name}-all-activities.png`, fullPage: true });
        // Before: 2,251 px (the date on three lines).
        expect
          .soft(
            heights.reduce((a, b) => a + b, 0),
            '25 rows of all activities',
          )
          .toBeLessThanOrEqual(2000);
      });
    }

    test("the portfolio overview's choices show 'Maatschappijleer 1' whole and 'Toepassen' on one line", async ({ server }) => {
      await page.goto(`${server.url}/portfolios`);
      await page.getByRole('tab', { name: 'Overzicht per klas per les' }).click();
      await page.getByRole('combobox', { name: 'Vak' }).click();
      await page.getByRole('option', { name: 'Maatschappijleer 1', exact: true }).click();
      const vak = page.getByRole('combobox', { name: 'Vak' });
      await expect(vak).toHaveValue('Maatschappijleer 1');
      await page.screenshot({ path: `test-results/tablet/${size.name}-portfolio-overview.png` });
      expect(await vak.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the chosen subject is not cut off').toBe(true);
      const apply = await page.getByRole('button', { name: 'Toepassen' }).boundingBox();
      expect(apply?.height, "'Toepassen' on one line").toBeLessThan(50);
    });

    test('the licence banner folds to one line for the session, and the footer stays clear of back-to-top', async ({ server }) => {
      await page.goto(`${server.url}/classrooms`);
      const banner = page.getByRole('region', { name: 'Licentiemelding' });
      if (size.width < 640) {
        // A phone: the strip starts folded to one line.
        await expect(banner.getByRole('button', { name: 'Meer' })).toHaveAttribute('aria-expanded', 'false');
        expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(46);
        await banner.getByRole('button', { name: 'Meer' }).click();
      }
      const tall = (await banner.boundingBox())?.height ?? 0;
      await banner.getByRole('button', { name: 'Inklappen' }).click();
      await expect(banner.getByRole('link')).toHaveCount(0);
      expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(Math.min(tall, 46));
      await openTab(page, 'Docenten');
      await expect(banner.getByText('Let op: Je overschrijdt het aantal gekochte licenties.')).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Meer' })).toHaveAttribute('aria-expanded', 'false');
      await banner.getByRole('button', { name: 'Meer' }).click();
      await expect(banner.getByRole('link', { name: 'Inactieve gebruikers verwijderen' })).toBeVisible();

      // The dashboard: long enough for back-to-top to appear.
      await openTab(page, 'Dashboard');
      await expect(page.getByRole('table', { name: 'Activiteiten van de klas' })).toBeVisible();
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      const up = page.getByRole('button', { name: 'Terug naar boven' });
      await expect(up).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const a = await up.boundingBox();
      const b = await page.getByRole('link', { name: 'Over ons' }).boundingBox();
      const overlap = Boolean(a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
      expect(overlap, "back-to-top leaves 'Over ons' free").toBe(false);
    });
  });
}

/** Visible controls of the page or its open dialog that reach past the screen's edge. */
async function controlsOutside(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const scope = document.querySelector('[role="dialog"]') ?? document.querySelector('main') ?? document.body;
    return Array.from(scope.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          getComputedStyle(el).visibility !== 'hidden' &&
          !el.closest('.mantine-visually-hidden') &&
          (r.left < -0.5 || r.right > w + 0.5)
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)}`,
      );
  }, width);
}

// Issue 30, what the routes above do not open: dialogs, forms, panels at the narrowest phone (320 CSS
// px, WCAG 1.4.10's width), 400 % zoom, and the 360 px phone's sort row and activity rows. One sign-in.
test.describe('narrow phone 320×640, 400 % zoom and the 360 px lists', () => {
  let context: BrowserContext;
  let page: Page;
  const width = 320;

  test.beforeAll(async ({ browser, server }) => {
    context = await browser.newContext({
      viewport: { width, height: 640 },
      deviceScaleFactor: 2,
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      serviceWorkers: 'allow',
    });
    page = await context.newPage();
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
  });

  test.afterAll(async () => {
    await context.close();
  });

  const fits = async (what: string) => {
    await page.screenshot({ path: `test-results/tablet/phone-320-${what}.png` });
    expect.soft(await sidewaysScrollers(page), `${what}: nothing scrolls sideways`).toEqual([]);
    expect.soft(await controlsOutside(page, width), `${what}: every control within the screen`).toEqual([]);
  };

  test('dialogs, forms, the feedback modal, the print options and the offline-copy panel fit at 320 px (issue 30)', async ({ server }) => {
    await page.goto(`${server.url}/classrooms/form/0`);
    await expect(page.getByRole('heading', { level: 1, name: 'Klas toevoegen' })).toBeVisible();
    await fits('class-form');

    await page.goto(`${server.url}/classrooms`);
    await page
      .getByRole('button', { name: /^Klas .* verwijderen$|^Waarom kan klas/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await fits('confirm-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`${server.url}/books`);
    await page.getByLabel('Vak', { exact: true }).selectOption({ label: 'Burgerschap' });
    await page.getByLabel('Module', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Niveau', { exact: true }).selectOption({ index: 1 });
    await expect(page.getByRole('switch', { name: 'Lesstof aan' })).toBeVisible();
    await fits('print-options');

    await page.getByTestId('sync-status').click();
    await expect(page.getByTestId('offline-copy')).toBeVisible();
    await page.screenshot({ path: `test-results/tablet/phone-320-offline-copy.png` });
    expect.soft(await sidewaysScrollers(page), 'offline copy: nothing scrolls sideways').toEqual([]);
    await expectWithinWidth(page, '[data-testid="offline-copy"], [data-testid="offline-copy"] button', width);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/portfolios`);
    await page
      .getByRole('button', { name: /^Bekijk portfolio van/ })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: /^Feedback voor/ });
    await expect(modal.getByText('Voltooid op:')).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await fits('feedback-modal');
    await page.keyboard.press('Escape');
  });

  test('at 400 % zoom (1280×800 → 320×200 CSS px) the heading is reachable and nothing scrolls sideways (issue 30)', async ({ server }) => {
    await page.setViewportSize({ width, height: 200 });
    try {
      for (const [path, name] of [
        ['/classrooms', 'Klassen & leerlingen'],
        ['/index', 'Dashboard'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        await heading.scrollIntoViewIfNeeded();
        const box = await heading.boundingBox();
        expect.soft(box && box.y >= 0 && box.y + box.height <= 200, `${name}: the heading fits the 200 px screen`).toBe(true);
        await page.screenshot({ path: `test-results/tablet/zoom-400${path.replace('/', '-')}.png` });
        expect.soft(await sidewaysScrollers(page), `${name}: nothing scrolls sideways`).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width, height: 640 });
    }
  });

  test('at 360 px the sort buttons take at most two rows and an activity row stays compact (issue 30)', async ({ server }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await openClass(page, server.url);
      const head = page.locator('table[aria-label="Leerlingen van de klas"] thead tr');
      await page.screenshot({ path: `test-results/tablet/phone-360-sort-row.png` });
      expect.soft((await head.boundingBox())?.height, 'the sort row: two rows of 44 px').toBeLessThanOrEqual(2 * 44 + 8);

      await page.goto(`${server.url}/index`);
      const rows = page.locator('table[aria-label="Activiteiten van de klas"] tbody tr');
      await expect(rows.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height).filter((h) => h > 0));
      await page.screenshot({ path: `test-results/tablet/phone-360-activity-rows.png` });
      // The average depends on which activities the file's earlier tests leave (a decided request
      // gains a status line): 127.8 px for this test alone, 130.05 after the whole file. Before the
      // date shared its line with 'Afgehandeld', each handled row was a line (about 21 px) taller.
      expect.soft(heights.reduce((a, b) => a + b, 0) / heights.length, 'an activity row at 360 px, on average').toBeLessThanOrEqual(136);
      expect.soft(Math.max(...heights), 'the tallest activity row at 360 px (a request with its buttons)').toBeLessThanOrEqual(180);
    } finally {
      await page.setViewportSize({ width, height: 640 });
    }
  });
});
