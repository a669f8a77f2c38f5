/**
 * Check requests (part 1 §4, §9): a student asks the teacher to check a lesson; the teacher approves
 * or rejects it. Expiry is derived from the clock on every read (see docs/api-students-app.md):
 * an OPEN request older than 24 h reads EXPIRED, an approval older than 24 h reads APPROVED_EXPIRED.
 */
import type { api } from '../../src/api/catalogue';
import { notifyCheckRequest } from '../push/notify';
import type { CheckStatus } from '../../src/api/dashboard/types';
import type { Message } from '../../src/api/shared-types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { conflict, notFound } from '../http-error';
import type { Handlers } from './handler';
import { requireLesson } from './student-queries';

// 24 h: spec part 1 §9 (a request expires; an approval shows the answers for as long).
export const CHECK_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

export const EXPIRED_REASON = 'Deze aanvraag is verlopen: een aanvraag vervalt na 24 uur.';

const NOT_FOUND = 'Deze aanvraag is niet gevonden.';

/** The status a reader sees now: the stored decision with the 24-hour rules applied. */
export function effectiveStatus(status: CheckStatus, createdAt: Date | string, decidedAt: Date | string | null, now: Date): CheckStatus {
  const age = (d: Date | string) => now.getTime() - new Date(d).getTime();
  if (status === 'OPEN' && age(createdAt) > CHECK_REQUEST_TTL_MS) return 'EXPIRED';
  if (status === 'APPROVED' && decidedAt !== null && age(decidedAt) > CHECK_REQUEST_TTL_MS) return 'APPROVED_EXPIRED';
  return status;
}

/** Why a request that is no longer OPEN cannot be decided, for the teacher. */
const TEACHER_REFUSAL: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  EXPIRED: EXPIRED_REASON,
  APPROVED: 'Deze aanvraag is al goedgekeurd.',
  APPROVED_EXPIRED: 'Deze aanvraag is al goedgekeurd.',
  REJECTED: 'Deze aanvraag is al afgekeurd.',
  CANCELED: 'De leerling heeft deze aanvraag ingetrokken.',
};

/** Why a request that is no longer OPEN cannot be withdrawn, for the student. */
const STUDENT_REFUSAL: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  EXPIRED: EXPIRED_REASON,
  APPROVED: 'Je docent heeft deze aanvraag al goedgekeurd.',
  APPROVED_EXPIRED: 'Je docent heeft deze aanvraag al goedgekeurd.',
  REJECTED: 'Je docent heeft deze aanvraag al afgekeurd.',
  CANCELED: 'Je hebt deze aanvraag al ingetrokken.',
};

interface RequestRow {
  id: number;
  status: CheckStatus;
  created_at: Date;
  decided_at: Date | null;
}

/** Locks the request so two teachers deciding at once are applied one after the other. */
async function lockRequest(db: Queryable, where: string, params: (number | string)[]): Promise<RequestRow | undefined> {
  const [row] = await db.query<RequestRow>(`SELECT id, status, created_at, decided_at FROM check_requests WHERE ${where} FOR UPDATE`, params);
  return row;
}

async function decide(db: Queryable, user: SessionUser, id: number, now: Date, to: 'APPROVED' | 'REJECTED'): Promise<Message> {
  const row = await lockRequest(db, 'id = $1 AND organisation_id = $2', [id, user.organisationId]);
  if (!row) throw notFound(NOT_FOUND);
  const status = effectiveStatus(row.status, row.created_at, row.decided_at, now);
  if (status !== 'OPEN') throw conflict(TEACHER_REFUSAL[status], { status });
  await db.query(`UPDATE check_requests SET status = $2, decided_at = $3, decided_by = $4 WHERE id = $1`, [id, to, now, user.id]);
  return { message: to === 'APPROVED' ? 'De aanvraag is goedgekeurd.' : 'De aanvraag is afgekeurd.' };
}

export const checkRequestHandlers: Handlers<typeof api.dashboard> = {
  approveCheck: ({ db, user, params, app }) => decide(db, user, params.id, app.now(), 'APPROVED'),
  rejectCheck: ({ db, user, params, app }) => decide(db, user, params.id, app.now(), 'REJECTED'),
};

/** The class a student's request goes to: the current class if it is one of theirs, else their first. */
async function studentClassroom(db: Queryable, user: SessionUser): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT c.id FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
      WHERE cs.user_id = $1 AND c.organisation_id = $2
      ORDER BY (c.id = $3::int) DESC NULLS LAST, c.id LIMIT 1`,
    [user.id, user.organisationId, user.classroomId],
  );
  return row?.id ?? null;
}

export const studentCheckRequestHandlers: Handlers<typeof api.studentsApp> = {
  requestCheck: async ({ db, user, body, app }) => {
    const now = app.now();
    await requireLesson(db, user, body.lessonId);
    const classroomId = await studentClassroom(db, user);
    if (classroomId === null) throw conflict('Je zit nog niet in een klas. Vraag je docent om de klascode.');
    // An OPEN request past 24 h is EXPIRED: store that first, so it no longer holds the one-open slot.
    await db.query(
      `UPDATE check_requests SET status = 'EXPIRED'
        WHERE student_id = $1 AND lesson_id = $2 AND status = 'OPEN' AND created_at < $3`,
      [user.id, body.lessonId, new Date(now.getTime() - CHECK_REQUEST_TTL_MS)],
    );
    // One OPEN request per student and lesson; the partial unique index of 002 settles a race.
    const [created] = await db.query<{ id: number }>(
      `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, status, created_at)
       VALUES ($1, $2, $3, $4, 'OPEN', $5)
       ON CONFLICT (student_id, lesson_id) WHERE status = 'OPEN' DO NOTHING
       RETURNING id`,
      [user.organisationId, classroomId, user.id, body.lessonId, now],
    );
    if (!created) throw conflict('Je hebt voor deze les al een aanvraag open staan. Wacht op je docent of trek de aanvraag in.');
    await db.query(
      `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, check_request_id, created_at)
       VALUES ($1, $2, $3, 'CHECK_REQUEST', $4, $5, $6)`,
      [user.organisationId, classroomId, user.id, body.lessonId, created.id, now],
    );
    // Web Push to the class's teachers once this transaction has committed; never fails the request.
    notifyCheckRequest(app, { organisationId: user.organisationId, classroomId, checkRequestId: created.id, studentName: user.name });
    return { id: created.id, status: 'OPEN' };
  },

  cancelCheck: async ({ db, user, params, app }) => {
    const now = app.now();
    const row = await lockRequest(db, 'id = $1 AND student_id = $2 AND organisation_id = $3', [params.id, user.id, user.organisationId]);
    if (!row) throw notFound(NOT_FOUND);
    const status = effectiveStatus(row.status, row.created_at, row.decided_at, now);
    if (status !== 'OPEN') throw conflict(STUDENT_REFUSAL[status], { status });
    await db.query(`UPDATE check_requests SET status = 'CANCELED', decided_at = $2, decided_by = NULL WHERE id = $1`, [params.id, now]);
    return { message: 'Je aanvraag is ingetrokken.' };
  },
};
