/**
 * The version of a teacher's activity feed, read before anything else on the 5 s poll: the feed's
 * class with its feed_version (bumped by triggers with every change the feed shows, migration 006)
 * and the teacher's read watermark, in one query over two primary keys. The ETag is derived from it,
 * so an unchanged poll answers 304 without running the feed query.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';

/**
 * The feed's class: the caller's current class when it belongs to this school, else the first class
 * where the caller is main teacher. A trusted SQL fragment with $1 organisation, $2 current class, $3 user.
 */
export const ROOM = `
  SELECT c.id FROM classrooms c
   WHERE c.organisation_id = $1 AND (c.id = $2::int OR c.main_teacher_id = $3)
   ORDER BY (c.id = $2::int) DESC NULLS LAST, c.id
   LIMIT 1`;

export interface FeedState {
  /** 0 when the caller has no class: the feed is empty. */
  room: number;
  version: number;
  readUpTo: number;
}

const NO_ROOM: FeedState = { room: 0, version: 0, readUpTo: 0 };

/** Must resolve the class exactly as ROOM does, or the ETag would describe another class's feed. */
export async function feedState(db: Queryable, user: SessionUser): Promise<FeedState> {
  const [row] = await db.query<{ id: number; feed_version: number; read_up_to: number | null }>(
    `SELECT c.id, c.feed_version, r.read_up_to
       FROM classrooms c
       LEFT JOIN activity_reads r ON r.user_id = $3 AND r.classroom_id = c.id
      WHERE c.organisation_id = $1 AND (c.id = $2::int OR c.main_teacher_id = $3)
      ORDER BY (c.id = $2::int) DESC NULLS LAST, c.id
      LIMIT 1`,
    [user.organisationId, user.classroomId, user.id],
  );
  return row ? { room: row.id, version: Number(row.feed_version), readUpTo: Number(row.read_up_to ?? 0) } : NO_ROOM;
}

/** Statuses also change by the clock alone (24 h expiry): a page is only current until `validUntil` (ms). */
export interface PageStamp {
  state: FeedState;
  userId: number;
  pageSize: number;
  validUntil: number;
}

const digest = (s: PageStamp) =>
  createHash('sha256').update(`${s.userId}:${s.state.room}:${s.state.version}:${s.state.readUpTo}:${s.pageSize}`).digest('base64url').slice(0, 22);

const stampOf = (validUntil: number) => (Number.isFinite(validUntil) ? validUntil.toString(36) : '-');

/** `"f1.<valid until>.<digest>"`; the expiry travels in the tag so a 304 needs no feed rows to know it. */
export function etagOf(s: PageStamp): string {
  return `"f1.${stampOf(s.validUntil)}.${digest(s)}"`;
}

/**
 * The tag of the client's If-None-Match that still describes the current feed, if any. A client
 * could forge the expiry in its tag, but that only keeps its own, unchanged copy a little longer.
 */
export function currentTag(req: FastifyRequest, s: Omit<PageStamp, 'validUntil'>, now: Date): string | null {
  const header = req.headers['if-none-match'];
  if (!header) return null;
  const want = digest({ ...s, validUntil: 0 });
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    const m = /^"f1\.([0-9a-z]+|-)\.([A-Za-z0-9_-]{22})"$/.exec(tag);
    if (!m || m[2] !== want) continue;
    const until = m[1] === '-' ? Infinity : parseInt(m[1]!, 36);
    if (now.getTime() < until) return tag;
  }
  return null;
}
