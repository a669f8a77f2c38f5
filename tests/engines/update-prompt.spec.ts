/**
 * A new version of the app while changes wait, in Chromium and in WebKit: the teacher's vote and
 * comment are queued on a tablet whose Wi-Fi loses every API call (the chaos proxy of the long run,
 * which also serves the new build as a changed sw.js), 'Nieuwe versie beschikbaar.' appears, she taps
 * 'Opnieuw laden', the new worker takes over and the page reloads; once the server answers again each
 * change arrives exactly once.
 */
import { randomUUID } from 'node:crypto';
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { GIVE_UP_MS, NETWORK_BACKOFF_CAP_MS } from '../../src/constants';
import { apiGet, tokenFor } from '../e2e/api';
import { startChaosProxy, type ChaosProxy } from '../e2e/long/chaos-proxy';
import { button, click, eventually, fill, field, find, heading, signIn, syncStatus, tab, waitFor, workerReady } from './app';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const DOCENT = 'docent@demoschool.nl';

/**
 * In the page: whether the new release is in charge: a reloaded page (the marker set before the tap
 * is gone), controlled by the worker that answers with `release`, and no update prompt.
 */
const newReleaseInCharge = async (release: string) => {
  if ((window as { laneBeforeUpdate?: boolean }).laneBeforeUpdate) return false;
  const worker = navigator.serviceWorker.controller;
  if (!worker) return false;
  const answer = await new Promise<string | null>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<string>) => resolve(event.data);
    setTimeout(() => resolve(null), 1000);
    worker.postMessage({ type: 'lane-release?' }, [channel.port2]);
  });
  return answer === release && !document.body.innerText.includes('Nieuwe versie beschikbaar.');
};

let proxy: ChaosProxy | undefined;
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const wifi = {
  /** Every API call is cut off at once (the connection is reset). */
  refuses: (p: ChaosProxy) => p.setChaos(1, 0),
  /** Every API call is held open and never answered (Wi-Fi gone without a reset). */
  hangs: (p: ChaosProxy) => p.setHanging(1),
};

for (const [how, loseWifi] of Object.entries(wifi)) {
  test(`'Opnieuw laden' with changes waiting on Wi-Fi that ${how}: the new worker takes over and each change arrives once`, async ({
    app,
    server,
  }) => {
    proxy = await startChaosProxy(server.port, 20261124);
    const token = await tokenFor(server.url, DOCENT);
    const votes = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    const idea = (await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token)).find(
      (i) => i.active === 1 && !votes.up.includes(i.id),
    )!;
    const comment = `Gestuurd vlak voor de update (${app.engine})`;

    await signIn(app, proxy.url, DOCENT);
    await workerReady(app);
    // The first worker controls the page only from the next load on; the update needs a controller.
    await app.reload();
    await waitFor(app, () => navigator.serviceWorker.controller !== null, undefined, { message: 'a controlling worker' });
    await click(app, tab('Verlanglijstje'));
    await find(app, heading(idea.title));
    await syncStatus(app, 'Online');

    // The Wi-Fi loses every API call; pages and the worker's script still arrive.
    loseWifi(proxy);
    const card = { within: '[data-testid="wishlist-card"]', withinText: idea.title };
    await click(app, button(/^Stem voor/, card));
    await click(app, button(/^Reageer \(/, card));
    await fill(app, { ...field('Jouw reactie'), ...card }, comment);
    await click(app, button('Reageer', card));
    await syncStatus(app, /^\d+ wachten$/, { timeout: 15_000 });

    if (how === 'hangs') {
      // A screen never opened before: its reads have no stored answer to fall back on, so the old
      // worker's fetch events wait for the network, and a new worker activates only once they end.
      await click(app, tab('Klassen & leerlingen'));
      await find(app, heading('Klassen & leerlingen'));
    }
    // A new build is deployed: the same worker with a line that names its release.
    const release = `release ${randomUUID().slice(0, 8)}`;
    proxy.setWorkerSuffix(
      `\nself.addEventListener('message', (e) => { if (e.data && e.data.type === 'lane-release?') e.ports[0].postMessage(${JSON.stringify(release)}); });\n`,
    );
    await app.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await find(app, { css: '[role="status"] *', name: 'Nieuwe versie beschikbaar.' }, { timeout: 30_000 });
    expect(await app.evaluate(newReleaseInCharge, release)).toBe(false);
    await app.evaluate(() => {
      (window as { laneBeforeUpdate?: boolean }).laneBeforeUpdate = true;
    });
    const tapped = Date.now();
    await click(app, button('Opnieuw laden'));
    // Taken over: a reloaded page (the marker is gone), controlled by the new release, no prompt.
    await waitFor(app, newReleaseInCharge, release, { timeout: 60_000, message: 'the new release in charge of a reloaded page' });
    const takeover = Date.now() - tapped;
    test.info().annotations.push({ type: 'takeover after the tap', description: `${takeover} ms` });
    console.log(`${app.engine}, Wi-Fi that ${how}: new worker took over ${takeover} ms after 'Opnieuw laden'`);
    // Neither a hanging send nor a read waiting for the network holds the update (measured 0.1–1.5 s).
    expect(takeover, `took over ${takeover} ms after the tap`).toBeLessThan(10_000);

    // The changes still wait in the new version; nothing reached the server yet.
    const arrived = async () => {
      const [now, ideas] = await Promise.all([
        apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token),
        apiGet<WishlistItem[]>(server.url, 'wishlistItems', token),
      ]);
      return {
        voted: now.up.includes(idea.id),
        comments: ideas.find((i) => i.id === idea.id)!.comments.filter((c) => c.comment === comment).length,
      };
    };
    await syncStatus(app, /^\d+ wachten$/, { timeout: 15_000 });
    expect(await arrived()).toEqual({ voted: false, comments: 0 });

    proxy.setChaos(0, 0);
    proxy.setHanging(0);
    const back = Date.now();
    const expected = { voted: true, comments: 1 };
    await eventually(arrived, (now) => JSON.stringify(now) === JSON.stringify(expected), {
      timeout: 60_000,
      message: 'both changes on the server',
    });
    const took = Date.now() - back;
    console.log(`${app.engine}, Wi-Fi that ${how}: both changes on the server ${took} ms after it answered again`);
    // The last refused try may have set the longest network backoff just before the server answered
    // again; then two sends, one after the other, on a loaded 2-core machine (measured 2.6–5.4 s in
    // CI with a 4 s cap). A send that left while the Wi-Fi hung is abandoned only after GIVE_UP_MS;
    // the next one arrives.
    const worst = NETWORK_BACKOFF_CAP_MS + 3000;
    const bound = how === 'hangs' ? GIVE_UP_MS + worst : worst;
    expect(took, `both changes arrived ${took} ms after the server answered`).toBeLessThan(bound);
    await syncStatus(app, 'Online');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await arrived()).toEqual(expected);
    expect(await app.evaluate(() => document.querySelector('[aria-label*="iet verzonden"]') === null)).toBe(true);
  });
}
