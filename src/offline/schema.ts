/**
 * The shapes and names of the shared IndexedDB, without Dexie: the page reads them raw
 * (src/data/local-store.ts) and loads Dexie only when it writes the outbox or refreshes a token.
 * Bump SCHEMA_VERSION with every change of these shapes; old workers refuse a newer database.
 */

export const DB_NAME = 'docentenomgeving';
/** 2: the same stores; endpoint ids renamed by area (issue #19), see src/offline/outbox-format.ts. */
export const SCHEMA_VERSION = 2;
/** The version IndexedDB itself reports: Dexie stores its version times ten. */
export const IDB_VERSION = SCHEMA_VERSION * 10;
export const OUTBOX_FORMAT = 2;
/** Dexie's stores (its schema syntax); src/data/local-store.ts creates the same when it must. */
export const STORES = { reads: 'key, scope', outbox: '++seq, state, idempotencyKey, scope', meta: 'key' };

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

/** settled: refused for a reason that is final and already shown (a withdrawn check request); kept like a delivered row, briefly. */
type OutboxState = 'waiting' | 'sending' | 'failed' | 'delivered' | 'settled';

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
  /** When the last try was made (wall clock): a value in the future means the clock was set back. */
  attemptedAt?: number;
  /** The school's name when queued, for 'Niet verzonden' once another school is current. */
  organisationName?: string;
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
