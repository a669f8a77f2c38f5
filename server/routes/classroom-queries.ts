/** Classes of a school as the Classroom entity (part 1 §3), and the class code generator. */
import { randomInt } from 'node:crypto';
import type { Classroom } from '../../src/api/classrooms/types';
import type { SessionUser } from '../auth/session-user';
import type { Param, Queryable } from '../db/database';
import { notFound } from '../http-error';

export const CLASS_NOT_FOUND = 'Deze klas is niet gevonden.';

// No 0/O and 1/I: students type the code from a board or a sheet of paper.
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 6;

/** A crypto-random class code: 32^6 ≈ 10^9 codes, so guessing another school's class is impractical. */
export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/** The caller's own classes first (part 1 §4), then by name as people read it ('2B' before '10B'). */
export function ownFirst(rooms: Classroom[], userId: number): Classroom[] {
  return [...rooms].sort(
    (a, b) => Number(b.mainTeacherId === userId) - Number(a.mainTeacherId === userId) || collator.compare(a.name, b.name) || a.id - b.id,
  );
}

/** Classes of one school; `where` is a trusted fragment over classrooms c, its params from $2. */
export function loadClassrooms(db: Queryable, organisationId: number, where = 'TRUE', params: Param[] = []): Promise<Classroom[]> {
  return db.query<Classroom>(
    `SELECT c.id, c.name, c.main_teacher_id AS "mainTeacherId",
            COALESCE(NULLIF(t.name, ''), t.email, '') AS "mainTeacherName",
            c.access_code AS "accessCode", c.default_study_level AS "defaultStudyLevel", c.default_study_level AS "studyLevel",
            (SELECT count(*)::int FROM classroom_students cs WHERE cs.classroom_id = c.id) AS "studentCount",
            c.answers_activated AS "answersActivated",
            COALESCE((SELECT array_agg(cc.chapter_id ORDER BY cc.chapter_id) FROM classroom_chapters cc WHERE cc.classroom_id = c.id), '{}') AS chapters,
            c.hidden
       FROM classrooms c LEFT JOIN users t ON t.id = c.main_teacher_id
      WHERE c.organisation_id = $1 AND ${where}
      ORDER BY c.id`,
    [organisationId, ...params],
  );
}

/** One class of the caller's school, or 404. */
export async function classroomOf(db: Queryable, user: SessionUser, id: number): Promise<Classroom> {
  const [room] = await loadClassrooms(db, user.organisationId, 'c.id = $2', [id]);
  if (!room) throw notFound(CLASS_NOT_FOUND);
  return room;
}

export interface NewClassroom {
  organisationId: number;
  name: string;
  mainTeacherId: number;
  defaultStudyLevel: string;
  answersActivated: boolean;
}

/**
 * Inserts a class with a fresh code, trying again on the rare collision. ON CONFLICT instead of
 * catching the unique violation, because a failed statement would abort the surrounding transaction.
 */
export async function insertClassroom(db: Queryable, c: NewClassroom, generate: () => string = newAccessCode): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO classrooms (organisation_id, name, access_code, main_teacher_id, default_study_level, answers_activated)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (access_code) DO NOTHING
       RETURNING id`,
      [c.organisationId, c.name, generate(), c.mainTeacherId, c.defaultStudyLevel, c.answersActivated],
    );
    if (row) return row.id;
  }
  throw new Error('no free class code after 20 attempts');
}
