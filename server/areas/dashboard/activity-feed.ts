/**
 * The rows of a class's activity feed (part 1 §2, §4), and a small in-process cache of each class's
 * first page keyed by its feed_version. The key comes from the database on every poll (feedState), so
 * the cache is never stale, also with several API processes: a write bumps the version, the next
 * poll misses and reads the new page.
 */
import type { Activity, CheckStatus, FeedPage as FeedAnswer } from '../../../src/api/dashboard/types';
import type { Queryable } from '../../db/database';
import { effectiveStatus } from './check-status';
import type { FeedState } from './feed-version';
import { feedRows, type FeedRow } from './queries';
import { CHECK_REQUEST_TTL_MS } from '../../constants';

/** A page as every teacher of the class sees it; `read` is filled in per teacher (withReads). */
export interface FeedPage {
  /** The class, named in the answer (0: the teacher has none, answered as null). */
  room: number;
  rows: Omit<Activity, 'read'>[];
  /** The page holds from `from` until `validUntil` (ms): no status on it changes by the clock in between. */
  from: number;
  validUntil: number;
  /** The page as UTF-8 JSON per number of rows read (pageJson). */
  json: Map<number, Buffer>;
}

/** When a status shown now turns by the clock alone (OPEN → EXPIRED, APPROVED → APPROVED_EXPIRED). */
function turnsAt(r: FeedRow, shown: CheckStatus | null): number {
  if (shown === 'OPEN' && r.cr_created_at) return new Date(r.cr_created_at).getTime() + CHECK_REQUEST_TTL_MS;
  if (shown === 'APPROVED' && r.cr_decided_at) return new Date(r.cr_decided_at).getTime() + CHECK_REQUEST_TTL_MS;
  return Infinity;
}

export async function loadPage(db: Queryable, room: number, limit: number, offset: number, now: Date): Promise<FeedPage> {
  if (room === 0) return { room, rows: [], from: -Infinity, validUntil: Infinity, json: new Map() };
  const found = await feedRows(db, room, limit, offset);
  let validUntil = Infinity;
  const rows = found.map((r) => {
    const targetStatus =
      r.cr_status !== null && r.cr_created_at !== null ? effectiveStatus(r.cr_status, r.cr_created_at, r.cr_decided_at, now) : null;
    validUntil = Math.min(validUntil, turnsAt(r, targetStatus));
    return {
      id: r.id,
      typeText: r.type,
      dateTimeCreatedText: new Date(r.created_at).toISOString(),
      userId: r.user_id,
      userName: r.user_name,
      userQuizResult:
        r.type === 'QUIZ' && r.quiz_title !== null && r.quiz_good !== null && r.quiz_total !== null
          ? {
              title: r.quiz_title,
              type: r.quiz_type ?? 'quiz',
              good: r.quiz_good,
              total: r.quiz_total,
              scoreText: `${r.quiz_good}/${r.quiz_total}`,
            }
          : null,
      portfolioItem: r.type === 'PORTFOLIO_ITEM' ? { lessonTitle: r.portfolio_lesson_title ?? r.lesson_name ?? '' } : null,
      lessonId: r.lesson_id,
      lessonName: r.lesson_name,
      targetId: r.check_request_id,
      targetStatus,
    };
  });
  return { room, rows, from: now.getTime(), validUntil, json: new Map() };
}

/**
 * The answer: the page with its class, everything up to the teacher's watermark read. The order of
 * keys stays that of the catalogue.
 */
export function withReads(page: FeedPage, readUpTo: number): FeedAnswer {
  return {
    classroomId: page.room === 0 ? null : page.room,
    activities: page.rows.map(({ id, typeText, ...rest }) => ({ id, typeText, read: id <= readUpTo ? 1 : 0, ...rest })),
  };
}

// Teachers of a class mostly share a watermark (all read, or nothing yet); a few variants per page.
const MAX_JSON = 4;

/**
 * withReads as the JSON bytes Fastify would send, kept on the (cached) page: serialising 25 rows was the
 * largest share of a 200 poll's own CPU once its query was prepared. Keyed by how many rows count
 * as read, which is all `read` depends on (rows are newest first).
 */
export function pageJson(page: FeedPage, readUpTo: number): Buffer {
  let key = 0;
  for (const r of page.rows) if (r.id <= readUpTo) key++;
  let json = page.json.get(key);
  if (json === undefined) {
    // As bytes: each poll then writes them as they are, without measuring and encoding the text again.
    json = Buffer.from(JSON.stringify(withReads(page, readUpTo)));
    if (page.json.size >= MAX_JSON) page.json.delete(page.json.keys().next().value as number);
    page.json.set(key, json);
  }
  return json;
}

// A few hundred first pages of 25 rows: well under a megabyte, and enough for the classes one
// API process serves at a time. Oldest entry out first (Map keeps insertion order).
const MAX_PAGES = 500;

export class FirstPageCache {
  private pages = new Map<string, FeedPage>();

  async get(db: Queryable, state: FeedState, limit: number, now: Date): Promise<FeedPage> {
    const key = `${state.room}:${state.version}:${limit}`;
    const hit = this.pages.get(key);
    // A clock set back could also undo an expiry, hence the lower bound.
    if (hit && hit.from <= now.getTime() && now.getTime() < hit.validUntil) return hit;
    const page = await loadPage(db, state.room, limit, 0, now);
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    return page;
  }
}
