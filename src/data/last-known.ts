/**
 * What an offline start needs, kept by the page itself beside the tokens (IndexedDB `meta`): the
 * configuration and the signed-in user. Not the worker's read cache: the page may not be controlled
 * yet when these first load, and the user's own read has no cache scope before the user is known.
 * The user is forgotten on sign-out; the configuration is public and stays.
 */
import type { Config, CurrentUser } from '../api/session/types';
import { loadOfflineDb } from './session';
import { LAST_CONFIG_KEY, LAST_USER_KEY } from '../constants';

// Loaded when asked: the sign-in page never is.
const store = () => import('./local-store');

async function read<T>(key: string): Promise<T | null> {
  try {
    return ((await (await store()).getMeta(key)) as T | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Not awaited by start-up: waiting for IndexedDB's commit kept the loading overlay up on a tablet. */
async function write(key: string, value: unknown): Promise<void> {
  await store()
    .then((m) => m.putMeta(key, value))
    .catch(() => undefined);
}

export const lastUser = () => read<CurrentUser>(LAST_USER_KEY);
export const rememberUser = (user: CurrentUser) => write(LAST_USER_KEY, user);
export const lastConfig = () => read<Partial<Config>>(LAST_CONFIG_KEY);
export const rememberConfig = (config: Partial<Config>) => write(LAST_CONFIG_KEY, config);

/** Signing out loads Dexie anyway (the tokens are cleared there). */
export async function forgetUser(): Promise<void> {
  await loadOfflineDb()
    .then((db) => db.meta.delete(LAST_USER_KEY))
    .catch(() => undefined);
}
