/**
 * The student form (part 2 §2 'Student form', §5, §7 Students): profile, password change by a
 * teacher, and quiz results. Students are reached only through the caller's school.
 */
import type { api } from '../../src/api/catalogue';
import type { BodyOf } from '../../src/api/endpoint';
import type { Role } from '../../src/api/shared-types';
import type { QuizResult, UserDetails } from '../../src/api/students/types';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { countAttempt, RULES, settleAttempt } from '../auth/rate-limit';
import type { SessionUser } from '../auth/session-user';
import { revokeAllOf } from '../auth/tokens';
import type { Queryable } from '../db/database';
import { badRequest, forbidden, HttpError, notFound, TooManyRequests } from '../http-error';
import type { Handlers } from './handler';
import { iso } from './portfolio-queries';
import { studyLevelLabels } from './portfolio-filters';

const NOT_FOUND = 'Deze leerling is niet gevonden.';
const PROFILE_INCOMPLETE = 'Niet alle verplichte velden zijn ingevuld.';
const PASSWORD_FIELDS_EMPTY = 'Alle velden zijn verplicht om in te vullen.';
const EMAIL_TAKEN = 'Dit e-mailadres is al in gebruik.';
const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;


const ROLE_TEXT: Record<Role, string> = { ADMIN: 'Docent', TEACHER: 'Docent', STUDENT: 'Leerling' };

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  study_level: string | null;
  is_external: boolean;
  can_switch_study_level: boolean;
  last_login: Date | null;
  last_active: Date | null;
  last_lesson_id: number | null;
  last_lesson_image: string | null;
  last_lesson_name: string | null;
  reg_date: Date;
  active: boolean;
  org_id: number;
  org_name: string;
  org_location: string;
}

async function userRow(db: Queryable, organisationId: number, id: number): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `SELECT u.id, u.email, u.name, u.role, u.study_level, u.is_external, u.can_switch_study_level, u.last_login, u.last_active,
            u.last_lesson_id, l.image AS last_lesson_image, l.title AS last_lesson_name, u.reg_date, m.active,
            o.id AS org_id, o.name AS org_name, o.location AS org_location
       FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $2
       JOIN organisations o ON o.id = m.organisation_id
       LEFT JOIN lessons l ON l.id = u.last_lesson_id
      WHERE u.id = $1`,
    [id, organisationId],
  );
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Classes of this school only: a student's class in another school is none of this school's business. */
async function classesOf(db: Queryable, organisationId: number, row: Pick<UserRow, 'id' | 'role'>): Promise<{ id: number; name: string }[]> {
  return row.role === 'STUDENT'
    ? db.query(
        `SELECT c.id, c.name FROM classroom_students cs JOIN classrooms c ON c.id = cs.classroom_id
          WHERE cs.user_id = $1 AND c.organisation_id = $2 ORDER BY c.name, c.id`,
        [row.id, organisationId],
      )
    : db.query(`SELECT id, name FROM classrooms WHERE main_teacher_id = $1 AND organisation_id = $2 ORDER BY name, id`, [row.id, organisationId]);
}

async function userDetails(db: Queryable, organisationId: number, id: number): Promise<UserDetails> {
  const row = await userRow(db, organisationId, id);
  const classes = await classesOf(db, organisationId, row);
  return {
    active: row.active,
    canDownloadPdf: true,
    canSwitchStudyLevel: row.can_switch_study_level,
    classroomTexts: classes.map((c) => c.name).join(', '),
    classrooms: classes.map((c) => c.id),
    email: row.email,
    hasEnabledClassrooms: classes.length > 0,
    id: row.id,
    isExternal: row.is_external,
    lastActive: row.last_active ? iso(row.last_active) : null,
    lastLogin: row.last_login ? iso(row.last_login) : null,
    lastLessonId: row.last_lesson_id,
    lastLessonImage: row.last_lesson_image,
    lastLessonName: row.last_lesson_name,
    name: row.name,
    organisationFrontType: 'school',
    organisationFrontId: row.org_id,
    organisationFrontLocation: row.org_location,
    organisationFrontName: row.org_name,
    regDate: iso(row.reg_date),
    role: row.role,
    roleText: ROLE_TEXT[row.role],
    studyLevel: row.study_level,
  };
}

type SaveBody = BodyOf<typeof api.students.save>;

interface ProfileChange {
  email: string;
  name: string;
  studyLevel: string | null;
  classrooms: number[] | null;
}

async function checkProfile(db: Queryable, caller: SessionUser, body: SaveBody, levels: Record<string, string>, now: Date): Promise<ProfileChange> {
  const organisationId = caller.organisationId;
  const errors: Record<string, string> = {};
  const email = (body.email ?? '').trim();
  if (!email) errors.email = 'Vul een e-mailadres in.';
  else if (!EMAIL.test(email)) errors.email = 'Dit is geen geldig e-mailadres.';
  else {
    const [taken] = await db.query(`SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2`, [email, body.id]);
    if (taken) {
      // Addresses are unique across schools, so a refusal tells that one exists somewhere: each is
      // counted, so a teacher cannot probe addresses in bulk (RULES.emailProbe).
      const refused = await countAttempt(db, [{ key: `email-probe:user:${caller.id}`, rule: RULES.emailProbe }], now);
      if (refused) throw new TooManyRequests('Je hebt te vaak een e-mailadres ingevuld dat al in gebruik is. Probeer het over een uur opnieuw.', refused.retryAfterSecs);
      errors.email = EMAIL_TAKEN;
    }
  }
  const level = body.studyLevel ? body.studyLevel.trim() : null;
  if (level && !(level in levels)) errors.studyLevel = 'Kies een bestaand niveau.';
  let classrooms: number[] | null = null;
  if (body.classrooms) {
    classrooms = [...new Set(body.classrooms)];
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM classrooms WHERE organisation_id = $1 AND id = ANY($2::int[])`, [
      organisationId,
      classrooms,
    ]);
    if ((row?.n ?? 0) !== classrooms.length) errors.classrooms = 'Kies alleen klassen van je eigen school.';
  }
  // Committed when an address was counted above; nothing else is written yet.
  if (Object.keys(errors).length) throw new HttpError(400, PROFILE_INCOMPLETE, errors, undefined, !!errors.email);
  // Part 2 §2: the name is optional for students; an empty name becomes the e-mail address.
  const name = (body.name ?? '').trim() || email;
  return { email, name, studyLevel: level || null, classrooms };
}

/** Checks the teacher's own password and the new one; answers the hash to store. */
/**
 * Guessing a teacher's password through this form is limited (RULES.ownPassword): a stolen access
 * token alone must not be enough to take over students' accounts.
 */
async function checkPassword(db: Queryable, caller: SessionUser, target: UserRow, body: SaveBody, now: Date): Promise<string> {
  if (target.is_external) {
    throw badRequest('Dit is een extern account (single sign-on): het heeft geen wachtwoord in de Docentenomgeving, dus je kunt het hier niet wijzigen.');
  }
  const admin = body.adminpassword ?? '';
  const next = body.newpassword ?? '';
  const repeat = body.repeatpassword ?? '';
  const empty: Record<string, string> = {};
  if (!admin) empty.adminpassword = 'Vul je eigen wachtwoord in.';
  if (!next) empty.newpassword = 'Vul een nieuw wachtwoord in.';
  if (!repeat) empty.repeatpassword = 'Herhaal het nieuwe wachtwoord.';
  if (Object.keys(empty).length) throw badRequest(PASSWORD_FIELDS_EMPTY, empty);

  const key = `own-password:user:${caller.id}`;
  const refused = await countAttempt(db, [{ key, rule: RULES.ownPassword }], now);
  if (refused) throw new TooManyRequests('Je hebt te vaak een verkeerd eigen wachtwoord ingevuld. Wacht een kwartier en probeer het opnieuw.', refused.retryAfterSecs);
  const errors: Record<string, string> = {};
  const [own] = await db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE id = $1`, [caller.id]);
  const right = await verifyPassword(admin, own?.password_hash ?? null);
  if (right) await settleAttempt(db, [key]);
  else errors.adminpassword = 'Je eigen wachtwoord klopt niet.';
  if (next.length < MIN_PASSWORD) errors.newpassword = `Het nieuwe wachtwoord moet minstens ${MIN_PASSWORD} tekens hebben.`;
  else if (next !== repeat) errors.repeatpassword = 'De wachtwoorden zijn niet gelijk.';
  // Committed although refused: nothing is changed yet but the attempt count, which must stay.
  if (Object.keys(errors).length) throw new HttpError(400, PROFILE_INCOMPLETE, errors, undefined, true);
  return hashPassword(next);
}

export const studentProfileHandlers: Handlers<Pick<typeof api.students, 'details' | 'save' | 'quizResults'>> = {
  details: ({ db, user, params }) => userDetails(db, user.organisationId, params.id),

  save: async ({ db, user, body, app }) => {
    const target = await userRow(db, user.organisationId, body.id);
    // The student form edits students; a colleague's account is theirs to manage.
    if (target.role !== 'STUDENT') throw forbidden('Je kunt hier alleen het profiel van een leerling wijzigen.');
    // A password-only request (no e-mail sent) leaves the profile as it is.
    const profile = body.changepassword && body.email === undefined ? null : await checkProfile(db, user, body, studyLevelLabels(app), app.now());
    const hash = body.changepassword ? await checkPassword(db, user, target, body, app.now()) : null;

    if (profile) {
      try {
        await db.query(`UPDATE users SET email = $2, name = $3, study_level = $4 WHERE id = $1`, [target.id, profile.email, profile.name, profile.studyLevel]);
      } catch (err) {
        // Taken between the check and the update by a concurrent save.
        if ((err as { code?: string }).code === '23505') throw badRequest(PROFILE_INCOMPLETE, { email: EMAIL_TAKEN });
        throw err;
      }
      if (profile.classrooms) {
        // Replace the class links within this school only.
        await db.query(
          `DELETE FROM classroom_students WHERE user_id = $1
              AND classroom_id IN (SELECT id FROM classrooms WHERE organisation_id = $2) AND NOT (classroom_id = ANY($3::int[]))`,
          [target.id, user.organisationId, profile.classrooms],
        );
        await db.query(
          `INSERT INTO classroom_students (classroom_id, user_id) SELECT unnest($2::int[]), $1 ON CONFLICT DO NOTHING`,
          [target.id, profile.classrooms],
        );
        // The student's current class must stay one of theirs.
        await db.query(
          `UPDATE users SET current_classroom_id = (SELECT min(classroom_id) FROM classroom_students WHERE user_id = $1)
            WHERE id = $1 AND (current_classroom_id IS NULL OR current_classroom_id NOT IN (SELECT classroom_id FROM classroom_students WHERE user_id = $1))`,
          [target.id],
        );
      }
    }
    if (hash) {
      await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [target.id, hash]);
      // Signed-in devices of the student must sign in again with the new password.
      await revokeAllOf(db, target.id);
    }
    return userDetails(db, user.organisationId, target.id);
  },

  quizResults: async ({ db, user, params }) => {
    const [student] = await db.query(`SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2`, [params.userId, user.organisationId]);
    if (!student) throw notFound(NOT_FOUND);
    const rows = await db.query<{ created_at: Date; title: string; good: number; total: number }>(
      `SELECT created_at, title, good, total FROM quiz_results WHERE user_id = $1 AND organisation_id = $2 ORDER BY created_at DESC, id DESC`,
      [params.userId, user.organisationId],
    );
    return rows.map((r): QuizResult => ({ dateText: iso(r.created_at), title: r.title, percentage: Math.round((r.good / r.total) * 100), good: r.good, total: r.total }));
  },
};
