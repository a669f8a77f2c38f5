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
import type { OutboxEntry } from '../offline/schema';
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

interface Status {
  stale: boolean;
  error: ApiCallError | null;
  loading: boolean;
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

/**
 * When each read was last found current on the server, by this page (ms since epoch; in memory). The
 * stored row keeps the date of its last change: a quiet poll writes nothing (src/offline/read-through.ts),
 * so the age a stale screen shows ('Laatst bijgewerkt') is the later of the two. Read during render,
 * never a reason to render: it only shows with `stale`, whose change renders anyway.
 */
const confirmedAt = new Map<string, number>();
// One entry per read the page made: a few hundred at most in a school day; oldest out past that.
const MAX_CONFIRMED = 1000;

function confirmed(key: string, at: number): void {
  if ((confirmedAt.get(key) ?? 0) >= at) return;
  confirmedAt.delete(key);
  confirmedAt.set(key, at);
  if (confirmedAt.size > MAX_CONFIRMED) confirmedAt.delete(confirmedAt.keys().next().value as string);
}

/** A body nobody reads: let the stream go now rather than at collection. */
const discard = (res: Response) => void res.body?.cancel().catch(() => undefined);

/** Refreshes one read; resolves whether the answer came from the network (false: cache or nothing). */
async function refreshRead(def: EndpointDef, args: CallArgs = {}): Promise<boolean> {
  if (takingOver()) return false;
  const key = cacheKeyFor(def, args);
  return sharedFlight(key, () => fetchRead(def, args, key));
}

async function fetchRead(def: EndpointDef, args: CallArgs, key: string): Promise<boolean> {
  const sentAt = Date.now();
  let res: Response;
  try {
    res = await fetchThrough(def, args);
  } catch {
    return false;
  }
  const cachedAt = res.headers.get(CACHED_AT_HEADER);
  if (cachedAt !== null || res.headers.get('X-Offline') === '1') {
    // The worker may have found it current after the row was written (its own memory of that).
    if (cachedAt !== null) confirmed(key, Number(cachedAt));
    discard(res);
    return false;
  }
  // Refused: the reason, from the body.
  if (!res.ok && res.status !== 304) await readAnswer(res);
  // The answer itself is in IndexedDB (stored by the worker, or by readThrough here), where the
  // screen reads it: the body is parsed there once, not again here.
  discard(res);
  confirmed(key, sentAt);
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
  // Set only when it changes: a poll that brings nothing new must not render the screen at all.
  const [status, setStatus] = useState<Status>({ stale: false, error: null, loading: enabled });
  const statusRef = useRef(status);
  const update = useCallback((next: Partial<Status>) => {
    const now = statusRef.current;
    if ((Object.keys(next) as (keyof Status)[]).every((k) => now[k] === next[k])) return;
    const set = (statusRef.current = { ...now, ...next });
    // An outcome renders as a transition, as the answer itself (./use-local.ts): outside one React
    // renders the whole page again in one task, on a slow tablet the longest of a page's load. The
    // start of a load shows at once, as any fetch's.
    if (next.loading) setStatus(set);
    else startTransition(() => setStatus(set));
  }, []);
  // A delivered change stays laid over the answer until one asked for after it arrives (./optimistic.ts).
  // A quiet answer is not written, so the row keeps its older date: this one takes the patch off then.
  const [seenAt, setSeenAt] = useState(0);
  // What the last render showed, for the refresh to decide whether its outcome changes anything.
  const shown = useRef<{ data: boolean; fetchedAt: number; pending: readonly OutboxEntry[] | undefined }>({ data: false, fetchedAt: 0, pending: undefined });
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

  const refresh = useCallback(
    async (first: boolean) => {
      // The page reloads in a moment, with the new worker: what is shown stays as it is until then.
      if (!enabled || takingOver()) return;
      // Loading matters only while nothing is shown (the returned flag), and for a new key.
      if (first || !shown.current.data) update({ loading: true });
      let outcome: Partial<Status>;
      try {
        outcome = { stale: !(await refreshRead(def, sameArgs)), error: null };
      } catch (err) {
        outcome = { error: err instanceof ApiCallError ? err : new ApiCallError(500, String(err)) };
      }
      if (!mounted.current) return;
      update({ ...outcome, loading: false });
      const at = confirmedAt.get(key) ?? 0;
      const { fetchedAt, pending: entries } = shown.current;
      if (entries?.some((e) => e.state === 'delivered' && (e.deliveredAt ?? 0) > fetchedAt && (e.deliveredAt ?? 0) <= at)) startTransition(() => setSeenAt(at));
    },
    // key stands for def + args + scope: a new args object with the same content must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, enabled],
  );
  const reload = useCallback(() => refresh(false), [refresh]);

  useEffect(() => {
    // A read starts on mount and for a new key, and says so at once (its loading flag), as any fetch.
    void refresh(true);
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
  }, [refresh, opts.pollMs, enabled]);

  const patches = opts.patches;
  const fetchedAt = cached ? Math.max(cached.updatedAt, seenAt) : 0;
  // Not before the queued changes are known: a reload with a change still waiting would paint the
  // stored (old) value first and the change a moment later.
  const data = useMemo(
    () => (cached && pending ? applyPending(def, patches ?? [], cached.data as AnswerOf<E>, fetchedAt, pending) : undefined),
    [cached, pending, def, patches, fetchedAt],
  );
  useEffect(() => {
    shown.current = { data: data !== undefined, fetchedAt, pending };
  });
  const { stale, error, loading } = status;
  return {
    data,
    // The later of the row's date and this page's last finding it current (see confirmedAt).
    updatedAt: data === undefined || !cached ? null : Math.max(cached.updatedAt, confirmedAt.get(key) ?? 0),
    stale,
    error,
    loading: data === undefined && (loading || cached !== null),
    reload,
  };
}
