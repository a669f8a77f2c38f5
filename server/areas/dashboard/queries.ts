/**
 * The dashboard area's SQL: the activity feed of the caller's class with its version, the read
 * watermark, check-request decisions, and the caller's current class and study level.
 */
import type { ActivityType, CheckStatus } from '../../../src/api/dashboard/types';
import { SESSION_USER_FROM, SESSION_USER_SELECT, SESSION_USER_WHERE, type SessionUser, type SessionUserRow } from '../../auth/session-user';
import type { Database, Prepared, Queryable } from '../../db/database';

/**
 * The feed's class: the caller's current class when it belongs to this school, else the first class
 * of this year where the caller is main teacher (not one archived by the year change, issue 31: the
 * dashboard's class picker offers this year's classes only). One definition for every query that needs it (the feed, the
 * version, mark-read), or an ETag could describe another class's feed. Arguments are SQL expressions.
 */
function roomOf(organisation: string, current: string, user: string, select = 'c.id', join = ''): string {
  return `SELECT ${select} FROM classrooms c ${join}
   WHERE c.organisation_id = ${organisation} AND c.archived_at IS NULL AND (c.id = ${current} OR c.main_teacher_id = ${user})
   ORDER BY (c.id = ${current}) DESC NULLS LAST, c.id
   LIMIT 1`;
}

/** The feed's class as a trusted SQL fragment with $1 organisation, $2 current class, $3 user. */
const ROOM = roomOf('$1', '$2::int', '$3');

const VERSION_COLUMNS = 'c.id AS room, c.feed_version, r.read_up_to';
const READS_JOIN = (user: string) => `LEFT JOIN activity_reads r ON r.user_id = ${user} AND r.classroom_id = c.id`;

export interface VersionRow {
  room: number | null;
  feed_version: number | null;
  read_up_to: number | null;
}

export async function feedVersion(db: Queryable, user: SessionUser): Promise<VersionRow | undefined> {
  const [row] = await db.query<VersionRow>(roomOf('$1', '$2::int', '$3', VERSION_COLUMNS, READS_JOIN('$3')), [
    user.organisationId,
    user.classroomId,
    user.id,
  ]);
  return row;
}

// Prepared: planning this join took most of an unchanged poll's database time (PGlite 1.2 ms → 0.3 ms).
const POLL_SESSION: Prepared = {
  name: 'poll_session',
  text: `SELECT ${SESSION_USER_SELECT}, f.room, f.feed_version, f.read_up_to
       FROM ${SESSION_USER_FROM}
       LEFT JOIN LATERAL (${roomOf('m.organisation_id', 'u.current_classroom_id', 'u.id', VERSION_COLUMNS, READS_JOIN('u.id'))}) f ON true
      WHERE ${SESSION_USER_WHERE}`,
};

/** The caller (as loadCaller checks her) with her feed's version, in one round trip. */
export async function pollSession(db: Database, userId: number, sessionId: number): Promise<(SessionUserRow & VersionRow) | undefined> {
  const [row] = await db.prepared<SessionUserRow & VersionRow>(POLL_SESSION, [userId, sessionId]);
  return row;
}

export interface FeedRow {
  id: number;
  type: ActivityType;
  created_at: Date;
  user_id: number;
  user_name: string;
  lesson_id: number | null;
  lesson_name: string | null;
  check_request_id: number | null;
  cr_status: CheckStatus | null;
  cr_created_at: Date | null;
  cr_decided_at: Date | null;
  quiz_title: string | null;
  quiz_type: string | null;
  quiz_good: number | null;
  quiz_total: number | null;
  portfolio_lesson_title: string | null;
}

export const feedRows = (db: Queryable, room: number, limit: number, offset: number) =>
  db.query<FeedRow>(
    `SELECT a.id, a.type, a.created_at, a.user_id, COALESCE(NULLIF(u.name, ''), u.email) AS user_name,
            a.lesson_id, l.title AS lesson_name,
            a.check_request_id, cr.status AS cr_status, cr.created_at AS cr_created_at, cr.decided_at AS cr_decided_at,
            q.title AS quiz_title, q.type AS quiz_type, q.good AS quiz_good, q.total AS quiz_total,
            pl.title AS portfolio_lesson_title
       FROM activities a
       JOIN users u ON u.id = a.user_id
       LEFT JOIN lessons l ON l.id = a.lesson_id
       LEFT JOIN check_requests cr ON cr.id = a.check_request_id
       LEFT JOIN quiz_results q ON q.id = a.quiz_result_id
       LEFT JOIN portfolio_items p ON p.id = a.portfolio_item_id
       LEFT JOIN lessons pl ON pl.id = p.lesson_id
      WHERE a.classroom_id = $1
      ORDER BY a.id DESC
      LIMIT $2 OFFSET $3`,
    [room, limit, offset],
  );

/**
 * The watermark only moves forward (GREATEST), whatever order mark-read calls arrive in, and never
 * past what the teacher has seen (upTo).
 */
export async function markFeedRead(db: Queryable, user: SessionUser, upTo: number | null): Promise<void> {
  await db.query(
    `WITH room AS (${ROOM})
     INSERT INTO activity_reads (user_id, classroom_id, read_up_to)
     SELECT $3, room.id, LEAST(COALESCE((SELECT max(a.id) FROM activities a WHERE a.classroom_id = room.id), 0), COALESCE($4::bigint, 9223372036854775807)) FROM room
     ON CONFLICT (user_id, classroom_id) DO UPDATE SET read_up_to = GREATEST(activity_reads.read_up_to, EXCLUDED.read_up_to)`,
    [user.organisationId, user.classroomId, user.id, upTo],
  );
}

export interface CheckRequestRow {
  id: number;
  status: CheckStatus;
  created_at: Date;
  decided_at: Date | null;
}

/** Locks a request of the school so two teachers deciding at once are applied one after the other. */
export async function lockCheckRequest(db: Queryable, id: number, organisationId: number): Promise<CheckRequestRow | undefined> {
  const [row] = await db.query<CheckRequestRow>(
    `SELECT id, status, created_at, decided_at FROM check_requests WHERE id = $1 AND organisation_id = $2 FOR UPDATE`,
    [id, organisationId],
  );
  return row;
}

export async function decideCheckRequest(
  db: Queryable,
  id: number,
  to: 'APPROVED' | 'REJECTED',
  at: Date,
  teacherId: number,
): Promise<void> {
  await db.query(`UPDATE check_requests SET status = $2, decided_at = $3, decided_by = $4 WHERE id = $1`, [id, to, at, teacherId]);
}

/**
 * Sets the caller's current class when it is one of her (the change's) school's and of this school
 * year. Returns the class as found (undefined: not hers), so the caller can name an archived one.
 */
export async function setCurrentClassroom(
  db: Queryable,
  user: SessionUser,
  classroomId: number,
): Promise<{ name: string; archivedYear: string | null } | undefined> {
  const [room] = await db.query<{ name: string; archivedYear: string | null }>(
    `SELECT name, CASE WHEN archived_at IS NULL THEN NULL ELSE school_year END AS "archivedYear" FROM classrooms WHERE id = $1 AND organisation_id = $2`,
    [classroomId, user.organisationId],
  );
  if (!room || room.archivedYear) return room;
  // A choice queued in a school she has left for another since counts only while that school is
  // current: the current class belongs to the current school (issue 36).
  await db.query(`UPDATE users SET current_classroom_id = $2 WHERE id = $1 AND current_organisation_id = $3`, [
    user.id,
    classroomId,
    user.organisationId,
  ]);
  return room;
}

export async function setStudyLevel(db: Queryable, userId: number, level: string): Promise<void> {
  await db.query(`UPDATE users SET study_level = $2 WHERE id = $1`, [userId, level]);
}
