/**
 * Chaos (long, `npm run test:long`): a teacher's tablet on Wi-Fi that loses 30 % of the requests
 * before the server and 30 % of the answers after the server committed, while the app is reloaded,
 * closed and reopened, and the service worker is updated mid-queue. Afterwards the server holds each
 * of her changes exactly once, and each change the server refused is listed under 'Niet verzonden'.
 *
 * The writes go into the app's own outbox (IndexedDB, in the format `enqueue` writes) in batches, as
 * if tapped; the app's replayer and service worker deliver them. CHAOS_WRITES sets the count.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openPglite } from '../../../server/db/database';
import { COLLEGA_ID } from '../../../server/db/seed';
import { OUTBOX_FORMAT } from '../../../src/offline/db';
import { signIn } from '../fixtures';
import { startServer, type RunningServer } from '../server';
import { buildLedger, checkLedger, schoolIds, type LedgerWrite, type SchoolIds } from './chaos-ledger';
import { startChaosProxy, seededRandom, type ChaosProxy } from './chaos-proxy';

const WRITES = Number(process.env.CHAOS_WRITES ?? 1000);
const SEED = Number(process.env.CHAOS_SEED ?? 20261122);
const BATCH = 50;
const DRAIN_LIMIT_MS = 25 * 60_000;

test.setTimeout(DRAIN_LIMIT_MS + 10 * 60_000);

/** Stops the server briefly to read ids from its database and add the classes the run deletes. */
async function prepare(server: RunningServer, spare: number): Promise<SchoolIds> {
  await server.stop();
  const db = await openPglite(`${server.dataDir}/pglite`);
  try {
    const [me] = await db.query<{ org: number }>(`SELECT current_organisation_id AS org FROM users WHERE id = $1`, [COLLEGA_ID]);
    const made: number[] = [];
    for (let i = 0; i < spare; i++) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO classrooms (organisation_id, name, access_code) VALUES ($1, $2, $3) RETURNING id`,
        [me!.org, `chaos reserve ${i}`, `CHX${1000 + i}`],
      );
      made.push(row!.id);
    }
    return await schoolIds(db, COLLEGA_ID, made);
  } finally {
    await db.close();
  }
}

async function verify(server: RunningServer, ids: SchoolIds, writes: LedgerWrite[], keys: string[]) {
  await server.stop();
  const db = await openPglite(`${server.dataDir}/pglite`);
  try {
    return await checkLedger(db, ids, writes, keys);
  } finally {
    await db.close();
  }
}

/** Puts rows in the outbox exactly as `enqueue` does (src/offline/outbox.ts). */
async function queue(page: Page, rows: object[]): Promise<void> {
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('docentenomgeving');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          for (const e of entries) tx.objectStore('outbox').add({ ...e, createdAt: Date.now(), nextAttemptAt: Date.now() });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows,
  );
}

interface OutboxRow {
  state: string;
  endpointId: string;
  label: string;
  error?: { status: number; message: string };
}

/** Every row of the app's outbox, read in the page with plain IndexedDB (the app's Dexie is not exposed). */
async function outboxRows(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxRow[]>((resolve, reject) => {
        const open = indexedDB.open('docentenomgeving');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as OutboxRow[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function outboxStates(page: Page): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const e of await outboxRows(page)) counts[e.state] = (counts[e.state] ?? 0) + 1;
  return counts;
}

async function refusedEntries(page: Page): Promise<string[]> {
  return (await outboxRows(page))
    .filter((e) => e.state === 'failed')
    .map((e) => `${e.endpointId} ${e.label}: ${e.error?.status} ${e.error?.message}`);
}

/** Where an update stands: the registration's workers, this page's controller and the held and waited-for locks. */
async function takeoverState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const name = (w: ServiceWorker | null | undefined) => (w ? w.state : 'none');
    const locks = await navigator.locks.query();
    return JSON.stringify({
      active: name(reg?.active),
      waiting: name(reg?.waiting),
      installing: name(reg?.installing),
      controlledBy: navigator.serviceWorker.controller === reg?.active ? 'active' : navigator.serviceWorker.controller ? 'other' : 'none',
      held: locks.held?.map((l) => `${l.name}@${l.clientId}`),
      pending: locks.pending?.map((l) => `${l.name}@${l.clientId}`),
    });
  });
}

async function openApp(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  return page;
}

test(`${WRITES} writes through flaky Wi-Fi, reloads, closes and a worker update: each arrives exactly once`, async ({ browser }) => {
  const server = await startServer();
  let proxy: ChaosProxy | undefined;
  try {
    const writes0 = WRITES;
    const ids = await prepare(server, Math.ceil(writes0 / 28));
    await server.start();
    proxy = await startChaosProxy(server.port, SEED);
    const run = randomUUID().slice(0, 8);
    const writes = buildLedger(writes0, ids, run, SEED);
    const keys = writes.map(() => randomUUID());
    const scope = `${ids.userId}:${ids.organisationId}`;
    const rows = writes.map((w, i) => ({
      format: OUTBOX_FORMAT,
      idempotencyKey: keys[i],
      endpointId: w.endpointId,
      scope,
      args: w.args,
      label: w.label,
      state: 'waiting',
      attempts: 0,
    }));

    const context = await browser.newContext({ serviceWorkers: 'allow' });
    let page = await context.newPage();
    await signIn(page, proxy.url, 'collega@demoschool.nl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    proxy.setChaos(0.3, 0.3);
    const random = seededRandom(SEED + 1);
    const events = { reloads: 0, closes: 0, workerUpdates: 0, takeoverSeconds: 0 };
    const batches = Math.ceil(rows.length / BATCH);
    for (let b = 0; b < batches; b++) {
      await queue(page, rows.slice(b * BATCH, (b + 1) * BATCH));
      const roll = random();
      if (b === Math.floor(batches / 2)) {
        // A new release while changes wait: the teacher accepts it from the prompt.
        proxy.setWorkerSuffix(`\n// chaos release ${run}\n`);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined));
        await expect(page.getByText('Nieuwe versie beschikbaar.')).toBeVisible({ timeout: 60_000 });
        // The workers' versions as DevTools sees them: the log that found why a takeover stood for minutes.
        const cdp = await context.newCDPSession(page);
        await cdp.send('ServiceWorker.enable');
        cdp.on('ServiceWorker.workerVersionUpdated', (e) =>
          console.log(`worker versions ${JSON.stringify(e.versions.map((v) => [v.versionId, v.runningStatus, v.status]))}`),
        );
        const tapped = Date.now();
        await page.getByRole('button', { name: 'Opnieuw laden' }).click();
        await page.waitForLoadState('load');
        // From the tap the page sends nothing (src/data/update-takeover.ts). Before, a read refreshed
        // just then started the stopped old worker again, and the prompt stood for minutes (CI stop
        // 38, docs/offline.md). The time is printed; the run asserts the update comes and
        // every change arrives once.
        const watch = setInterval(
          () =>
            void takeoverState(page).then(
              (state) => console.log(`takeover after ${Math.round((Date.now() - tapped) / 1000)} s: ${state}`),
              () => undefined,
            ),
          15_000,
        );
        await expect(page.getByText('Nieuwe versie beschikbaar.'))
          .toBeHidden({ timeout: 60_000 })
          .finally(() => clearInterval(watch));
        events.takeoverSeconds = (Date.now() - tapped) / 1000;
        events.workerUpdates += 1;
      } else if (roll < 0.2) {
        await page.reload().catch(() => undefined);
        events.reloads += 1;
      } else if (roll < 0.35) {
        await page.close();
        page = await openApp(context, proxy.url);
        events.closes += 1;
      } else {
        await page.waitForTimeout(200 + random() * 1500);
      }
    }

    const started = Date.now();
    let states = await outboxStates(page);
    for (let round = 1; (states.waiting ?? 0) + (states.sending ?? 0) > 0; round++) {
      expect(Date.now() - started, `outbox still holds ${JSON.stringify(states)}`).toBeLessThan(DRAIN_LIMIT_MS);
      await page.waitForTimeout(5000);
      states = await outboxStates(page);
      if (round % 6 === 0) console.log(`outbox ${JSON.stringify(states)} proxy ${JSON.stringify(proxy.stats)}`);
    }
    const drainSeconds = (Date.now() - started) / 1000;

    // Refused changes are the teacher's to see: listed under 'Niet verzonden' with the count.
    proxy.setChaos(0, 0);
    const expectedRefused = writes.filter((w) => w.refused).length;
    const refused = await refusedEntries(page);
    expect(refused.filter((r) => !r.includes(' geweigerd:'))).toEqual([]);
    expect(refused.length).toBe(expectedRefused);
    await page.reload();
    await page.getByTestId('sync-status').click();
    await page.getByRole('button', { name: `Niet verzonden (${expectedRefused})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Niet verzonden' });
    await expect(dialog.getByTestId('unsent-entry')).toHaveCount(expectedRefused);
    await context.close();

    const check = await verify(server, ids, writes, keys);
    console.log(
      `chaos: ${writes.length} writes, lost ${check.lost.length}, duplicated ${check.duplicated.length}, refused ${states.failed ?? 0} (expected ${expectedRefused}), ` +
        `wrongly refused ${check.wronglyRefused.length}; drained in ${drainSeconds.toFixed(0)} s after the last batch; ` +
        `API requests ${proxy.stats.requests}, dropped before ${proxy.stats.droppedBefore}, answers lost ${proxy.stats.droppedAfter}, ` +
        `mean server time ${Math.round(proxy.stats.serverMs / Math.max(1, proxy.stats.requests - proxy.stats.droppedBefore))} ms; ` +
        `reloads ${events.reloads}, closes ${events.closes}, worker updates ${events.workerUpdates} (took over ${events.takeoverSeconds.toFixed(1)} s after the tap)`,
    );
    expect(check.lost.slice(0, 20)).toEqual([]);
    expect(check.duplicated.slice(0, 20)).toEqual([]);
    expect(check.wronglyRefused.slice(0, 20)).toEqual([]);
  } finally {
    await proxy?.close();
    await server.dispose();
  }
});
