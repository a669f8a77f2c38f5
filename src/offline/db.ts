/**
 * The app's IndexedDB (Dexie), shared by the page and the service worker.
 * - reads: the last answer of every read call, keyed by endpoint id + arguments; written by whoever
 *   fetched it (page or worker), read by the UI through liveQuery.
 * - outbox: queued writes in the order the teacher made them; written by the page, drained by one
 *   replayer at a time (page or worker).
 * - meta: tokens mirrored from localStorage so the worker can replay with no page open, the
 *   XSRF token, and the state of 'Offline beschikbaar maken' (src/offline/prepare.ts); never a password.
 * Bump SCHEMA_VERSION with every change of these shapes; old workers refuse a newer database.
 */
import Dexie, { type EntityTable } from 'dexie';
import { upgradeStoredIds } from './outbox-format';

/** 2: the same stores; endpoint ids renamed by area (issue #19), see src/offline/outbox-format.ts. */
export const SCHEMA_VERSION = 2;
export const OUTBOX_FORMAT = 2;
/** The meta row of 'Offline beschikbaar maken' (src/offline/prepare.ts). */
export const PREPARE_KEY = 'offline-prepare';

export interface CachedRead {
  /** readCacheKey(): scope | method URL | body. */
  key: string;
  /** Organisation and user the answer belongs to: a school switch must not show the other school's data. */
  scope: string;
  data: unknown;
  updatedAt: number;
  /** The server's ETag of this answer: the offline refresh asks with If-None-Match (optional, no index). */
  etag?: string;
}

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'delivered';

export interface OutboxEntry {
  seq?: number;
  format: number;
  idempotencyKey: string;
  endpointId: string;
  scope: string;
  args: { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined>; body?: unknown };
  /** A short Dutch description for the 'Niet verzonden' list. */
  label: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  /** Held back by the server's rate limit (429) until nextAttemptAt: later changes of other kinds go on. */
  limited?: boolean;
  deliveredAt?: number;
  /** The server's answer once delivered, for the screen that waits on it. */
  answer?: unknown;
  /** The server's reason when refused (a 4xx other than 401). */
  error?: { status: number; message: string; errors?: Record<string, string>; body?: unknown };
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  reads: EntityTable<CachedRead, 'key'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export function openOfflineDb(name = 'docentenomgeving'): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  const stores = { reads: 'key, scope', outbox: '++seq, state, idempotencyKey, scope', meta: 'key' };
  db.version(1).stores(stores);
  db.version(SCHEMA_VERSION)
    .stores(stores)
    .upgrade((tx) => upgradeStoredIds(tx, OUTBOX_FORMAT, PREPARE_KEY));
  return db;
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
