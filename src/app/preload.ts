/**
 * Starts downloading the chunk of the page being opened before React renders, so the page does not
 * wait for the entry to run, render, and only then ask for its chunk (a waterfall that costs a round
 * trip, or a trip to the worker's cache offline).
 */
import { getAccessToken } from '../data/session';
import { routes } from './routes';

/** wouter's pattern syntax as the route table uses it: literal segments and ':name'. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  return want.length === have.length && want.every((w, i) => (w.startsWith(':') ? Boolean(have[i]) : w === have[i]));
}

export function preloadStart(pathname: string): void {
  // Unknown addresses and '/' redirect to the dashboard (routes.tsx).
  let route = routes.find((r) => matches(r.path, pathname)) ?? routes.find((r) => r.path === '/index');
  // Without a stored session a guarded page redirects to the sign-in page.
  if (route?.guard && !getAccessToken()) route = routes.find((r) => r.path === '/login');
  void route?.preload().catch(() => undefined);
  // A signed-in page reads its cached data from IndexedDB: open it now, beside the session check,
  // instead of when the page first asks (raw, ../data/local-store.ts: no Dexie for it).
  if (route?.guard) void import('../data/local-store').then((m) => m.localDb()).catch(() => undefined);
}
