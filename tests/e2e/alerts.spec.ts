/**
 * Live alerts in a real browser: a new check request plays the chime and, with the app in the
 * background, shows one system notification; a Web Push delivered to the service worker shows one
 * notification per request (a repeat collapses by tag) that leads to the dashboard.
 */
import type { Page } from '@playwright/test';
import { tokenFor } from './api';
import { expect, signIn, test } from './fixtures';

interface Shown {
  title: string;
  tag: string;
  body: string;
  url: string | undefined;
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const list = await reg.getNotifications();
    return list.map((n) => ({ title: n.title, tag: n.tag, body: n.body, url: (n.data as { url?: string } | null)?.url }));
  }) as Promise<Shown[]>;

async function requestCheck(baseUrl: string): Promise<number> {
  const token = await tokenFor(baseUrl, 'leerling@demoschool.nl');
  for (let lessonId = 1; lessonId < 60; lessonId++) {
    const res = await fetch(`${baseUrl}/api/student/checkRequests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lessonId }),
    });
    if (res.ok) return ((await res.json()) as { id: number }).id;
  }
  throw new Error('no lesson without an open request');
}

test('a new check request chimes and, with the app in the background, shows one notification', async ({ page, context, server }) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  await page.addInitScript(() => {
    const w = window as unknown as { __plays: string[]; __hidden: boolean };
    w.__plays = [];
    w.__hidden = false;
    // Records the chime instead of needing speakers; and lets the test put the app in the background.
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.__plays.push(this.src);
      return Promise.resolve();
    };
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
  });
  await signIn(page, server.url, 'docent@demoschool.nl');
  await expect(page.getByRole('table', { name: 'Activiteiten van de klas' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The seeded unread requests chime once on arrival.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays.length)).toBeGreaterThan(0);

  // The seeded batch's mark-read has reached the server.
  await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __plays: string[]; __hidden: boolean };
    w.__plays = [];
    w.__hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const id = await requestCheck(server.url);
  await expect(page.locator(`tbody tr[data-target-id="${id}"]`)).toBeVisible({ timeout: 12_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays), { timeout: 12_000 })
    .toEqual([expect.stringMatching(/\/sounds\/alert\.wav$/)]);
  await expect
    .poll(async () => (await notifications(page)).filter((n) => n.tag === `check-request-${id}`), { timeout: 5000 })
    .toHaveLength(1);
  const [shown] = (await notifications(page)).filter((n) => n.tag === `check-request-${id}`);
  expect(shown).toMatchObject({ title: 'Nieuwe controleaanvraag', url: '/index', body: expect.stringContaining('Daan Jansen') });
});

test('a push delivered to the service worker shows one notification per request, leading to the dashboard', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  await signIn(page, server.url, 'collega@demoschool.nl');
  await expect(page).toHaveURL(/\/index$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(server.url));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const payload = JSON.stringify({
    title: 'Nieuwe controleaanvraag',
    body: 'Daan Jansen vraagt om een controle van Verkiezingen',
    tag: 'check-request-4242',
    url: '/index',
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: payload });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: payload });
  await expect
    .poll(async () => (await notifications(page)).filter((n) => n.tag === 'check-request-4242'), { timeout: 10_000 })
    .toHaveLength(1);
  const [shown] = (await notifications(page)).filter((n) => n.tag === 'check-request-4242');
  expect(shown).toMatchObject({ title: 'Nieuwe controleaanvraag', url: '/index', body: expect.stringContaining('Verkiezingen') });
});
