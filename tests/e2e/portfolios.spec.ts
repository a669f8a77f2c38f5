/**
 * Portfolios, feedback and the student profile on a flaky network: feedback and grades made with the
 * server gone arrive exactly once, a colleague's grade is never overwritten unseen, a profile edit
 * waits in the outbox, and a password change is refused offline and never stored.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { PortfolioDetail, PortfolioItem } from '../../src/api/portfolios/types';
import type { UserDetails } from '../../src/api/students/types';
import { expect, expectAccessible, expectTouchTargets, PASSWORD, signIn, test } from './fixtures';
import { startServer, type RunningServer } from './server';

// Each test starts, stops and restarts its own server and reloads offline: slower than one page visit.
test.describe.configure({ timeout: 180_000 });

async function tokenOf(request: APIRequestContext, server: RunningServer, email: string): Promise<string> {
  const res = await request.post(`${server.url}/api/users/authenticate`, {
    form: { email, password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function detailOf(request: APIRequestContext, server: RunningServer, token: string, id: number): Promise<PortfolioDetail> {
  const res = await request.get(`${server.url}/api/portfolioItems/details/${id}`, { headers: auth(token) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as PortfolioDetail;
}

/** An item on the first page of 'Alle activiteiten' with at least two blocks. */
async function itemWithTwoBlocks(request: APIRequestContext, server: RunningServer, token: string): Promise<PortfolioDetail> {
  const res = await request.post(`${server.url}/api/portfolioItems/list?moduleFilters=0`, {
    headers: auth(token),
    data: { sort: 'newest', mode: 'all', query: '', page: 1 },
  });
  const items = (await res.json()) as PortfolioItem[];
  for (const item of items) {
    const detail = await detailOf(request, server, token, item.id);
    if (detail.blocks.length >= 2) return detail;
  }
  throw new Error('no portfolio item with two blocks on page 1');
}

/** Signs in and reloads once, so the service worker controls the page and caches its reads. */
async function signInUnderWorker(page: Page, server: RunningServer, email = 'docent@demoschool.nl') {
  await signIn(page, server.url, email);
  await expect(page).toHaveURL(/\/index$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

async function openFeedback(page: Page, item: PortfolioDetail) {
  const row = page.getByRole('row').filter({ hasText: item.userName }).filter({ hasText: item.lessonTitle }).first();
  await row.getByRole('button', { name: `Bekijk portfolio van ${item.userName}` }).click();
  const modal = page.getByRole('dialog', { name: `Feedback voor ${item.userName}` });
  await expect(modal.getByText(`Voltooid op:`)).toBeVisible();
  return modal;
}

/** The replayer runs on 'online' too; the server coming back does not fire it by itself. */
const replay = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

const otherGrade = (status: string) => (status === 'PERFECT' ? 'WRONG' : 'PERFECT');
const label = { PERFECT: 'Goed', GOOD: 'Voldoende', WRONG: 'Onvoldoende', '': '' } as const;

test('feedback and grades made offline survive a reload and arrive exactly once', async ({ page, request }) => {
  const server = await startServer();
  try {
    const token = await tokenOf(request, server, 'docent@demoschool.nl');
    const item = await itemWithTwoBlocks(request, server, token);
    const [first, second] = item.blocks as [PortfolioDetail['blocks'][0], PortfolioDetail['blocks'][0]];
    await signInUnderWorker(page, server);
    await page.goto(`${server.url}/portfolios`);
    await expect(page.getByRole('heading', { level: 1, name: "Portfolio's" })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);
    await page.getByRole('tab', { name: 'Overzicht per klas per les' }).click();
    await expect(page.getByText('Selecteer hierboven eerst een klas, vak, module en vervolgens een les.')).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);
    await page.getByRole('tab', { name: 'Alle activiteiten' }).click();
    let modal = await openFeedback(page, item);
    await expectAccessible(page);

    await server.stop();
    const sections = modal.getByRole('region');
    const stamp = Date.now();
    const comments = [`Mooi gedaan ${stamp}`, `Denk aan de bronnen ${stamp}`];
    await sections.nth(0).getByPlaceholder('Nieuwe opmerking toevoegen...').fill(comments[0]!);
    await sections.nth(0).getByRole('button', { name: 'Toevoegen' }).click();
    await expect(modal.getByText(comments[0]!)).toBeVisible();
    await sections.nth(1).getByPlaceholder('Nieuwe opmerking toevoegen...').fill(comments[1]!);
    await sections.nth(1).getByRole('button', { name: 'Toevoegen' }).click();
    await expect(modal.getByText(comments[1]!)).toBeVisible();
    const grades = [otherGrade(first.status), otherGrade(second.status)] as const;
    await sections.nth(0).getByRole('button', { name: label[grades[0]], exact: true }).click();
    await expect(sections.nth(0).getByRole('button', { name: label[grades[0]], exact: true })).toHaveAttribute('aria-pressed', 'true');
    await sections.nth(1).getByRole('button', { name: label[grades[1]], exact: true }).click();
    await expect(sections.nth(1).getByRole('button', { name: label[grades[1]], exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Still offline: the worker serves the shell and the cached item, the outbox the changes.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "Portfolio's" })).toBeVisible();
    modal = await openFeedback(page, item);
    await expect(modal.getByText(comments[0]!)).toBeVisible();
    await expect(modal.getByText(comments[1]!)).toBeVisible();
    await expect(modal.getByRole('region').nth(0).getByRole('button', { name: label[grades[0]], exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await server.start();
    await replay(page);
    await expect
      .poll(
        async () => {
          const d = await detailOf(request, server, token, item.id);
          return [
            d.blocks[0]?.status,
            d.blocks[1]?.status,
            d.blocks.flatMap((b) => b.feedbackItems).filter((f) => f.message.endsWith(String(stamp))).length,
          ];
        },
        { timeout: 30_000 },
      )
      .toEqual([grades[0], grades[1], 2]);
    // Another round of triggers must not send anything twice.
    await replay(page);
    await page.waitForTimeout(1500);
    const after = await detailOf(request, server, token, item.id);
    expect(after.blocks[0]?.feedbackItems.filter((f) => f.message === comments[0]).length).toBe(1);
    expect(after.blocks[1]?.feedbackItems.filter((f) => f.message === comments[1]).length).toBe(1);
  } finally {
    await server.dispose();
  }
});

test("a colleague's earlier grade shows as a conflict with both grades, and the teacher decides", async ({ page, request }) => {
  const server = await startServer();
  try {
    const token = await tokenOf(request, server, 'docent@demoschool.nl');
    const colleague = await tokenOf(request, server, 'collega@demoschool.nl');
    const item = await itemWithTwoBlocks(request, server, token);
    const block = item.blocks[0]!;
    await signInUnderWorker(page, server);
    await page.goto(`${server.url}/portfolios`);
    const modal = await openFeedback(page, item);

    // The colleague grades while this teacher's screen still shows the old grade.
    const theirs = block.status === 'GOOD' ? 'PERFECT' : 'GOOD';
    const mine = theirs === 'PERFECT' ? 'WRONG' : block.status === 'WRONG' ? 'PERFECT' : 'WRONG';
    const res = await request.post(`${server.url}/api/portfolioItems/saveFeedbackStatus`, {
      headers: auth(colleague),
      data: { portfolioItemId: item.id, key: block.key, status: theirs },
    });
    expect(res.ok()).toBe(true);

    await server.stop();
    await modal.getByRole('region').nth(0).getByRole('button', { name: label[mine], exact: true }).click();
    await server.start();
    await replay(page);
    const banner = modal.getByText(
      `Een collega heeft dit onderdeel intussen anders beoordeeld: ${label[theirs]}. Jouw beoordeling: ${label[mine]}.`,
    );
    await expect(banner).toBeVisible({ timeout: 30_000 });
    expect((await detailOf(request, server, token, item.id)).blocks[0]?.status).toBe(theirs);
    await expectAccessible(page);

    await modal.getByRole('button', { name: 'Mijn beoordeling opslaan' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => (await detailOf(request, server, token, item.id)).blocks[0]?.status, { timeout: 15_000 }).toBe(mine);
    await modal.getByRole('button', { name: 'Sluiten' }).click();
    await expect(page.getByRole('button', { name: /niet verzonden/ })).toHaveCount(0);
  } finally {
    await server.dispose();
  }
});

test('a level edited offline arrives once; a password change offline is refused and never queued', async ({ page, request }) => {
  const server = await startServer();
  try {
    const token = await tokenOf(request, server, 'docent@demoschool.nl');
    const list = (await (
      await request.post(`${server.url}/api/portfolioItems/list?moduleFilters=0`, { headers: auth(token), data: { page: 1 } })
    ).json()) as PortfolioItem[];
    let before: UserDetails | null = null;
    for (const item of list) {
      const user = (await (
        await request.get(`${server.url}/api/users/details/${item.userId}`, { headers: auth(token) })
      ).json()) as UserDetails;
      if (!user.isExternal) {
        before = user;
        break;
      }
    }
    if (!before) throw new Error('no internal student on page 1');
    const studentId = before.id;
    await signInUnderWorker(page, server);
    await page.goto(`${server.url}/students/form/${studentId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Profiel ${before.email} wijzigen` })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    await server.stop();
    const levels: Record<string, string> = { basis: 'Basis', kader: 'Kader', 'gl-tl': 'GL en TL' };
    const next = Object.keys(levels).find((l) => l !== before.studyLevel)!;
    const optionText = levels[next]!;
    await page.getByRole('combobox', { name: 'Niveau' }).click();
    await page.getByRole('option', { name: optionText, exact: true }).click();
    await page.getByRole('button', { name: 'Wijzigen' }).click();
    await expect(page.getByText('Je bent offline: de wijzigingen worden opgeslagen zodra er weer verbinding is.')).toBeVisible();

    await page.getByRole('tab', { name: 'Wachtwoord wijzigen' }).click();
    await page.getByLabel('Je eigen wachtwoord').fill(PASSWORD);
    await page.getByLabel(/^Nieuw wachtwoord/).fill('NieuwWachtwoord1');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('NieuwWachtwoord1');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByText(/Hiervoor is een internetverbinding nodig/)).toBeVisible();
    await expectAccessible(page);
    const queued = await page.evaluate(
      () =>
        new Promise<{ endpointId: string; body: string }[]>((resolve, reject) => {
          const open = indexedDB.open('docentenomgeving');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as { endpointId: string; args: { body?: unknown } }[]).map((e) => ({
                  endpointId: e.endpointId,
                  body: JSON.stringify(e.args.body ?? null),
                })),
              );
          };
        }),
    );
    const saves = queued.filter((e) => e.endpointId === 'students.save');
    expect(saves).toHaveLength(1);
    // No password field (the `changepassword: false` flag of part 2 §7 is no password).
    expect(Object.keys(JSON.parse(saves[0]!.body) as object).filter((k) => /password/i.test(k) && k !== 'changepassword')).toEqual([]);
    expect(JSON.stringify(queued)).not.toContain('NieuwWachtwoord1');

    // Offline reload: the profile shows the queued level.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Niveau' })).toHaveValue(optionText);
    await server.start();
    await replay(page);
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${server.url}/api/users/details/${studentId}`, { headers: auth(token) })).json()) as UserDetails)
            .studyLevel,
        { timeout: 30_000 },
      )
      .toBe(next);
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toMatch(/Online/);
  } finally {
    await server.dispose();
  }
});
