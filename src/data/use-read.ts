/**
 * useRead: renders the cached answer of a read at once (read from IndexedDB and again on every
 * change, ./use-local.ts), with the optimistic changes of queued writes applied (read in the same
 * transaction as the answer, so a stored old value never flashes before a change still waiting), and
 * refreshes it from the network. Offline, the cached answer stays on
 * screen marked stale with its age ('Laatst bijgewerkt 10:42').
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { ApiCallError, buildRequestInit, endpointUrl, readAnswer, type CallArgs } from '../api/request';
import { CACHED_AT_HEADER, readCacheKey, readThrough, SCOPE_HEADER } from '../offline/read-through';
import { stableStringify } from '../offline/schema';
import { apiFetch, withHeaders } from './api-client';
import { readWithPending } from './live-reads';
import { sharedFlight } from './read-flights';
import { readStore } from './local-store';
import { applyPending, type Patch } from './optimistic';
import { seedPendingEntries, usePendingEntries } from './pending-entries';
import { DELIVERED_EVENT, refreshesRead } from './delivered';
import { currentScope, getRefreshToken, session } from './session';
import { takingOver } from './update-takeover';
import { useLocal } from './use-local';

export interface ReadState<T> {
  data: T | undefined;
  /** When the shown answer came from the server (ms since epoch), or null with nothing cached. */
  updatedAt: number | null;
  /** The last refresh did not reach the server: what is shown may be out of date. */
  stale: boolean;
  /** A refusal from the server (4xx/5xx); network failures only set `stale`. */
  error: ApiCallError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

export interface ReadOptions {
  /** Skip the call until the arguments are known. */
  enabled?: boolean;
  /** Refresh every so many milliseconds while mounted. */
  pollMs?: number;
  /** The optimistic changes of queued writes to lay over this read (src/data/optimistic.ts). */
  patches?: readonly Patch[];
}

const scopeOf = (def: EndpointDef) => (def.access === 'public' ? 'public' : currentScope());

/** One read through the worker (when it controls the page) or the same function run here. */
function fetchThrough(def: EndpointDef, args: CallArgs): Promise<Response> {
  const init = buildRequestInit(def, args);
  const url = new URL(endpointUrl(def, args, session.config.api_url), location.origin);
  const auth = def.access === 'public' || !getRefreshToken() ? 'token' : 'session';
  return apiFetch(
    (headers, signal) => {
      const request = new Request(url, { ...init, headers: { ...withHeaders(init, headers), [SCOPE_HEADER]: scopeOf(def) }, signal });
      return navigator.serviceWorker?.controller ? fetch(request) : readThrough(readStore, request);
    },
    { auth, write: def.method !== 'GET' },
  );
}

/** Refreshes one read; resolves whether the answer came from the network (false: cache or nothing). */
async function refreshRead(def: EndpointDef, args: CallArgs = {}): Promise<boolean> {
  if (takingOver()) return false;
  return sharedFlight(cacheKeyFor(def, args), () => fetchRead(def, args));
}

async function fetchRead(def: EndpointDef, args: CallArgs): Promise<boolean> {
  let res: Response;
  try {
    res = await fetchThrough(def, args);
  } catch {
    return false;
  }
  if (res.headers.has(CACHED_AT_HEADER) || res.headers.get('X-Offline') === '1') return false;
  // Not modified: the stored answer is current (browsers usually turn this into the cached 200).
  if (res.status === 304) return true;
  await readAnswer(res);
  return true;
}

export function cacheKeyFor(def: EndpointDef, args: CallArgs): string {
  const body = def.method !== 'GET' && args.body !== undefined ? JSON.stringify(args.body) : '';
  return readCacheKey(scopeOf(def), def.method, endpointUrl(def, args, session.config.api_url), body);
}

export function useRead<E extends EndpointDef>(def: E, args: CallArgs = {}, opts: ReadOptions = {}): ReadState<AnswerOf<E>> {
  const enabled = opts.enabled ?? true;
  const { user } = useSnapshot(session);
  const argsKey = stableStringify(args);
  // The user in the deps: a school switch changes the scope and so the key.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(() => cacheKeyFor(def, args), [def, argsKey, user?.id, user?.currentOrganisationId]);
  // null: nothing stored. The queued changes come with the answer, from the same transaction.
  const cached = useLocal(
    async (db) => {
      const { read, pending } = await readWithPending(db, key);
      seedPendingEntries(pending);
      return read ?? null;
    },
    null,
    [key],
  );
  const pending = usePendingEntries();
  const [stale, setStale] = useState(false);
  const [error, setError] = useState<ApiCallError | null>(null);
  const [loading, setLoading] = useState(enabled);
  // One args object per content: a new object with the same content keeps the same refresh.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sameArgs = useMemo(() => args, [argsKey]);
  // A refresh may answer after the screen is gone (up to the give-up time): its outcome is dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    // The page reloads in a moment, with the new worker: what is shown stays as it is until then.
    if (!enabled || takingOver()) return;
    setLoading(true);
    let outcome: { stale: boolean } | { error: ApiCallError };
    try {
      outcome = { stale: !(await refreshRead(def, sameArgs)) };
    } catch (err) {
      outcome = { error: err instanceof ApiCallError ? err : new ApiCallError(500, String(err)) };
    }
    if (!mounted.current) return;
    // A transition, as the answer itself (./use-local.ts): outside one React renders the whole page
    // again in one task, on a slow tablet the longest of a page's load.
    startTransition(() => {
      if ('error' in outcome) setError(outcome.error);
      else {
        setStale(outcome.stale);
        setError(null);
      }
      setLoading(false);
    });
    // key stands for def + args + scope: a new args object with the same content must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);

  useEffect(() => {
    // A read starts on mount and for a new key, and says so at once (its loading flag), as any fetch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
    const onDelivered = (event: Event) => void (refreshesRead(event, def) ? reload() : undefined);
    window.addEventListener(DELIVERED_EVENT, onDelivered);
    // Not while the session is refused (revoked elsewhere): every poll would be a 401, forever. The
    // poll resumes once she signs in again (signIn clears `expired`).
    const timer = opts.pollMs && enabled ? setInterval(() => void (session.expired ? undefined : reload()), opts.pollMs) : undefined;
    return () => {
      window.removeEventListener(DELIVERED_EVENT, onDelivered);
      if (timer) clearInterval(timer);
    };
    // def belongs with reload: the same entry for the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload, opts.pollMs, enabled]);

  const patches = opts.patches;
  // Not before the queued changes are known: a reload with a change still waiting would paint the
  // stored (old) value first and the change a moment later.
  const data = useMemo(
    () => (cached && pending ? applyPending(def, patches ?? [], cached.data as AnswerOf<E>, cached.updatedAt, pending) : undefined),
    [cached, pending, def, patches],
  );
  return { data, updatedAt: data === undefined ? null : (cached?.updatedAt ?? null), stale, error, loading: data === undefined && (loading || cached !== null), reload };
}
