/**
 * The page's side of 'Offline beschikbaar maken': start, cancel and remove, and the automatic refresh
 * (the shell's state of it, a liveQuery on meta 'offline-prepare', is in offline-copy-state.ts): a run
 * cut off resumes when the app opens or the network returns, and a copy older than a day is refreshed
 * on opening with a network (Periodic Background Sync does it earlier where the browser has it).
 */
import { withLock } from '../offline/locks';
import { cacheFileStore, OFFLINE_FILES } from '../offline/file-store';
import {
  PERIODIC_TAG,
  PREPARE_LOCK,
  runPrepare,
  STORAGE_MARGIN_BYTES,
  type PrepareState,
} from '../offline/prepare';
import { refreshTokens } from './api-client';
import { offlineDb } from './offline-db';
import { currentScope, getAccessToken, session } from './session';
import { OFFLINE_COPY_REFRESH_MS, PREPARE_KEY } from '../constants';

/** A first run's size before anything is known: the demo school's copy is about this (docs/offline.md). */
export const FIRST_RUN_ESTIMATE_BYTES = 30 * 1024 * 1024;

export const mb = (bytes: number): string => {
  const value = bytes / 1048576;
  return `${value < 10 ? value.toFixed(1).replace('.', ',') : Math.round(value)} MB`;
};

async function storageLeft(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return estimate?.quota !== undefined && estimate.usage !== undefined ? estimate.quota - estimate.usage : null;
}

/** The Dutch reason not to start, or null: the expected size (the last copy's, else a first guess) plus the margin must fit. */
export async function storageProblem(previous: PrepareState | undefined): Promise<string | null> {
  const left = await storageLeft();
  if (left === null) return null;
  const needed = previous?.ready?.bytes ?? FIRST_RUN_ESTIMATE_BYTES;
  if (left - needed >= STORAGE_MARGIN_BYTES) return null;
  return `Niet genoeg opslagruimte op dit apparaat: er is ongeveer ${mb(needed)} nodig en er is ${mb(Math.max(0, left))} vrij. Maak ruimte vrij en probeer het opnieuw.`;
}

let pageRun: AbortController | null = null;

/** Runs in the page when no worker controls it (the first load after installing). */
async function runHere(scope: string): Promise<void> {
  const controller = new AbortController();
  pageRun = controller;
  try {
    await runPrepare({
      db: offlineDb,
      scope,
      apiUrl: session.config.api_url,
      origin: location.origin,
      fetchFn: fetch.bind(window),
      accessToken: async () => getAccessToken(),
      refresh: async () => ((await refreshTokens()) ? getAccessToken() : null),
      files: cacheFileStore(caches),
      storageLeft,
      signal: controller.signal,
      scopeCurrent: async () => currentScope() === scope,
    });
  } finally {
    if (pageRun === controller) pageRun = null;
  }
}

/** 'Offline beschikbaar maken' (also 'Bijwerken' and 'Verder gaan'): resolves a Dutch refusal or null. */
export async function startOfflineCopy(): Promise<string | null> {
  if (!session.user) return null;
  const previous = (await offlineDb.meta.get(PREPARE_KEY))?.value as PrepareState | undefined;
  const problem = await storageProblem(previous?.scope === currentScope() ? previous : undefined);
  if (problem) return problem;
  // Asked again at the tap: some browsers grant persistence only after a gesture or with use.
  await navigator.storage?.persist?.().catch(() => false);
  const scope = currentScope();
  const controller = navigator.serviceWorker?.controller;
  if (controller) controller.postMessage({ type: 'offline-prepare', scope, apiUrl: session.config.api_url });
  else void runHere(scope);
  void registerPeriodicRefresh();
  return null;
}

export async function cancelOfflineCopy(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: 'offline-cancel' });
  pageRun?.abort();
  // A run cut off by a closed app has nobody to stop: mark it here (a live runner ends on 'cancelled' too).
  await offlineDb.transaction('rw', offlineDb.meta, async () => {
    const state = (await offlineDb.meta.get(PREPARE_KEY))?.value as PrepareState | undefined;
    if (state && (state.status === 'running' || state.status === 'paused')) await offlineDb.meta.put({ key: PREPARE_KEY, value: { ...state, status: 'cancelled' } });
  });
}

/** 'Offline kopie verwijderen': this teacher's stored answers, the prepared files and the state. */
export async function removeOfflineCopy(): Promise<void> {
  await cancelOfflineCopy();
  // Wait for the run (here or in the worker) to let go, or its last save would bring the state back.
  await withLock(PREPARE_LOCK, async () => {
    await offlineDb.reads.where('scope').equals(currentScope()).delete();
    await offlineDb.meta.delete(PREPARE_KEY);
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_FILES);
  });
}

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

async function registerPeriodicRefresh(): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as (ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }) | undefined;
    // Chromium only, and only for an installed app with the permission; elsewhere the opening refresh below does it.
    await reg?.periodicSync?.register(PERIODIC_TAG, { minInterval: OFFLINE_COPY_REFRESH_MS });
  } catch {
    // Not allowed here: the refresh on opening covers it.
  }
}

/** Whether, on opening or when the network returns, the copy should be resumed or refreshed. */
export function shouldContinue(state: PrepareState | undefined, now: number, online: boolean): boolean {
  if (!state || !online) return false;
  if (state.status === 'running' || state.status === 'paused') return true;
  return state.status === 'done' && state.ready !== undefined && now - state.ready.finishedAt > OFFLINE_COPY_REFRESH_MS;
}

/** Resumes a cut-off run and refreshes a day-old copy, now and when the network returns; returns the stop. */
export function keepOfflineCopy(): () => void {
  const check = () =>
    void withLock(PREPARE_LOCK, async () => (await offlineDb.meta.get(PREPARE_KEY))?.value as PrepareState | undefined, { ifAvailable: true }).then((state) => {
      // undefined with the lock held elsewhere: a run is going on right now.
      if (state && state.scope === currentScope() && shouldContinue(state, Date.now(), navigator.onLine)) void startOfflineCopy();
    });
  check();
  window.addEventListener('online', check);
  return () => window.removeEventListener('online', check);
}
