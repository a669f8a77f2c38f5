/**
 * The version of a teacher's activity feed, read before anything else on the 5 s poll: the feed's
 * class with its feed_version (bumped by triggers with every change the feed shows, migration 006)
 * and the teacher's read watermark, read together with the caller (pollSessionLoader). The ETag is
 * derived from it, so an unchanged poll answers 304 without running the feed query, and with the
 * caller in the process's PollCache without any query.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toSessionUser, type SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { SessionLoader } from '../../http/registry';
import type { PollCache } from './poll-cache';
import { feedVersion, pollSession, type VersionRow } from './queries';

export interface FeedState {
  /** 0 when the caller has no class: the feed is empty. */
  room: number;
  version: number;
  readUpTo: number;
}

const stateOf = (r: VersionRow | undefined): FeedState =>
  r?.room ? { room: r.room, version: Number(r.feed_version), readUpTo: Number(r.read_up_to ?? 0) } : { room: 0, version: 0, readUpTo: 0 };

export async function feedState(db: Queryable, user: SessionUser): Promise<FeedState> {
  return stateOf(await feedVersion(db, user));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The poll's feed version, read with its caller (pollSessionLoader); null on every other route. */
    feedState: FeedState | null;
  }
}

/**
 * The poll's caller lookup (registry.ts SessionLoader): the same checks as loadCaller plus the
 * feed's version, in one round trip, so an unchanged poll costs one query in all; none when the
 * process's PollCache holds the caller and this session (poll-cache.ts says when it may). The
 * version rides on the request (a decoration, not a WeakMap keyed by request: that costs the
 * garbage collector on every poll).
 */
export function pollSessionLoader(cache: PollCache | null): SessionLoader {
  return async (db, caller, req) => {
    const hit = cache?.get(caller.userId, caller.sessionId);
    if (hit) {
      req.feedState = hit.state;
      return { ...hit.user };
    }
    const since = cache?.begin() ?? 0;
    const row = await pollSession(db, caller.userId, caller.sessionId);
    if (!row) return null;
    const state = stateOf(row);
    const user = toSessionUser(row);
    req.feedState = state;
    cache?.store(since, { ...user }, state, caller.sessionId);
    return user;
  };
}

/** Once per app, before the routes: every request starts with no feed version (Fastify's decoration). */
export function decorateFeedState(fastify: FastifyInstance): void {
  fastify.decorateRequest('feedState', null);
}

/** The version read with the caller when the poll's loader ran, else read now. */
export function feedStateOf(db: Queryable, user: SessionUser, req: FastifyRequest): Promise<FeedState> {
  return req.feedState ? Promise.resolve(req.feedState) : feedState(db, user);
}

/** Statuses also change by the clock alone (24 h expiry): a page is only current until `validUntil` (ms). */
export interface PageStamp {
  state: FeedState;
  userId: number;
  pageSize: number;
  validUntil: number;
}

// Every poll compares its tag, and a tag changes only with the feed: the hash of each key is kept
// (a few thousand teachers per process; emptied when it grows past that, as a key is cheap to hash again).
const digests = new Map<string, string>();
const MAX_DIGESTS = 50_000;

function digest(userId: number, state: FeedState, pageSize: number): string {
  const key = `${userId}:${state.room}:${state.version}:${state.readUpTo}:${pageSize}`;
  let d = digests.get(key);
  if (d === undefined) {
    d = createHash('sha256').update(key).digest('base64url').slice(0, 22);
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(key, d);
  }
  return d;
}

const TAG = /^"f1\.([0-9a-z]+|-)\.([A-Za-z0-9_-]{22})"$/;

const stampOf = (validUntil: number) => (Number.isFinite(validUntil) ? validUntil.toString(36) : '-');

/** `"f1.<valid until>.<digest>"`; the expiry travels in the tag so a 304 needs no feed rows to know it. */
export function etagOf(s: PageStamp): string {
  return `"f1.${stampOf(s.validUntil)}.${digest(s.userId, s.state, s.pageSize)}"`;
}

/**
 * The tag of the client's If-None-Match that still describes the current feed, if any. A client
 * could forge the expiry in its tag, but that only keeps its own, unchanged copy a little longer.
 */
export function currentTag(req: FastifyRequest, s: Omit<PageStamp, 'validUntil'>, now: Date): string | null {
  const header = req.headers['if-none-match'];
  if (!header) return null;
  const want = digest(s.userId, s.state, s.pageSize);
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    const m = TAG.exec(tag);
    if (!m || m[2] !== want) continue;
    const until = m[1] === '-' ? Infinity : parseInt(m[1]!, 36);
    if (now.getTime() < until) return tag;
  }
  return null;
}
