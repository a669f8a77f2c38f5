/**
 * The dashboard's activity feed of the caller's current class (part 1 §2, §4). The client polls it
 * every 5 s per teacher, so the first page is one indexed query (activities_feed) and carries an
 * ETag: an unchanged poll answers 304 without a body.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { classrooms as area } from '../../src/api/endpoints/classrooms';
import type { Activity, ActivityType, CheckStatus } from '../../src/api/types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { effectiveStatus } from './check-requests';
import type { Handlers } from './handler';
import { publicConfig } from './session';

/**
 * The feed's class: the caller's current class when it belongs to this school, else the first class
 * where the caller is main teacher. A trusted SQL fragment with $1 organisation, $2 current class, $3 user.
 */
const ROOM = `
  SELECT c.id FROM classrooms c
   WHERE c.organisation_id = $1 AND (c.id = $2::int OR c.main_teacher_id = $3)
   ORDER BY (c.id = $2::int) DESC NULLS LAST, c.id
   LIMIT 1`;

interface FeedRow {
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
  read_up_to: number;
}

async function feed(db: Queryable, user: SessionUser, limit: number, offset: number, now: Date): Promise<Activity[]> {
  const rows = await db.query<FeedRow>(
    `WITH room AS (${ROOM})
     SELECT a.id, a.type, a.created_at, a.user_id, COALESCE(NULLIF(u.name, ''), u.email) AS user_name,
            a.lesson_id, l.title AS lesson_name,
            a.check_request_id, cr.status AS cr_status, cr.created_at AS cr_created_at, cr.decided_at AS cr_decided_at,
            q.title AS quiz_title, q.type AS quiz_type, q.good AS quiz_good, q.total AS quiz_total,
            pl.title AS portfolio_lesson_title,
            COALESCE(r.read_up_to, 0) AS read_up_to
       FROM room
       JOIN activities a ON a.classroom_id = room.id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN activity_reads r ON r.user_id = $3 AND r.classroom_id = room.id
       LEFT JOIN lessons l ON l.id = a.lesson_id
       LEFT JOIN check_requests cr ON cr.id = a.check_request_id
       LEFT JOIN quiz_results q ON q.id = a.quiz_result_id
       LEFT JOIN portfolio_items p ON p.id = a.portfolio_item_id
       LEFT JOIN lessons pl ON pl.id = p.lesson_id
      ORDER BY a.id DESC
      LIMIT $4 OFFSET $5`,
    [user.organisationId, user.classroomId, user.id, limit, offset],
  );
  return rows.map((r) => ({
    id: r.id,
    typeText: r.type,
    read: r.id <= Number(r.read_up_to) ? 1 : 0,
    dateTimeCreatedText: new Date(r.created_at).toISOString(),
    userId: r.user_id,
    userName: r.user_name,
    userQuizResult:
      r.type === 'QUIZ' && r.quiz_title !== null && r.quiz_good !== null && r.quiz_total !== null
        ? { title: r.quiz_title, type: r.quiz_type ?? 'quiz', good: r.quiz_good, total: r.quiz_total, scoreText: `${r.quiz_good}/${r.quiz_total}` }
        : null,
    portfolioItem: r.type === 'PORTFOLIO_ITEM' ? { lessonTitle: r.portfolio_lesson_title ?? r.lesson_name ?? '' } : null,
    lessonId: r.lesson_id,
    lessonName: r.lesson_name,
    targetId: r.check_request_id,
    targetStatus:
      r.cr_status !== null && r.cr_created_at !== null ? effectiveStatus(r.cr_status, r.cr_created_at, r.cr_decided_at, now) : null,
  }));
}

/**
 * The answer itself is the version: hashing the page covers new rows, the read watermark, decisions
 * and the statuses that change by the clock alone (EXPIRED, APPROVED_EXPIRED), with no second query.
 */
function etagOf(activities: Activity[]): string {
  return `"a-${createHash('sha256').update(JSON.stringify(activities)).digest('base64url').slice(0, 27)}"`;
}

function matches(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function pageSize(config: Record<string, unknown>): number {
  const n = Number(publicConfig(config, false).portal_max_activities);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : 25;
}

/** Sends 304 with no body when the client already holds this page. */
function conditional(req: FastifyRequest, reply: FastifyReply, activities: Activity[]): Activity[] {
  const etag = etagOf(activities);
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'private, no-cache');
  if (!matches(req, etag)) return activities;
  reply.code(304);
  // Fastify sends an empty 304 for an undefined answer.
  return undefined as unknown as Activity[];
}

export const activityHandlers: Handlers<typeof area> = {
  activities: async ({ db, user, app, req, reply }) => {
    const activities = await feed(db, user, pageSize(app.config.publicConfig), 0, app.now());
    return conditional(req, reply, activities);
  },

  activitiesEarlier: ({ db, user, app, params }) => feed(db, user, pageSize(app.config.publicConfig), params.offset, app.now()),

  activitiesRead: async ({ db, user, query }) => {
    // The watermark only moves forward (GREATEST), whatever order mark-read calls arrive in, and
    // never past what the teacher has seen (upTo).
    await db.query(
      `WITH room AS (${ROOM})
       INSERT INTO activity_reads (user_id, classroom_id, read_up_to)
       SELECT $3, room.id, LEAST(COALESCE((SELECT max(a.id) FROM activities a WHERE a.classroom_id = room.id), 0), COALESCE($4::bigint, 9223372036854775807)) FROM room
       ON CONFLICT (user_id, classroom_id) DO UPDATE SET read_up_to = GREATEST(activity_reads.read_up_to, EXCLUDED.read_up_to)`,
      [user.organisationId, user.classroomId, user.id, query.upTo ?? null],
    );
    return { message: 'Activiteiten gelezen.' };
  },
};
