/**
 * A student's account from a class code (the students' app), and the LOGIN activity of a student's
 * sign-in. The licences page counts students per class and module, so a registration is counted there
 * without anything written here.
 */
import type { api } from '../../src/api/catalogue';
import { hashPassword } from '../auth/passwords';
import { countAttempt, RULES, settleAttempt } from '../auth/rate-limit';
import { issueTokens } from '../auth/tokens';
import type { Queryable } from '../db/database';
import { badRequest, HttpError, TooManyRequests } from '../http-error';
import type { Handlers } from './handler';

export const UNKNOWN_CODE = 'Deze klascode bestaat niet. Controleer de code bij je docent.';
/**
 * An address that has an account somewhere: the answer must not tell in which school, or that it is
 * not this class (the class code is proven, the address is not), so it only says what to do.
 */
export const EMAIL_TAKEN = 'Met dit e-mailadres kun je je niet registreren. Heb je al een account? Log dan in, of vraag je docent om hulp.';
const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A LOGIN activity in each class of a signed-in student; nothing for teachers. */
export async function recordStudentLogin(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO activities (organisation_id, classroom_id, user_id, type, created_at)
     SELECT c.organisation_id, c.id, u.id, 'LOGIN', $2
       FROM users u
       JOIN classroom_students cs ON cs.user_id = u.id
       JOIN classrooms c ON c.id = cs.classroom_id
      WHERE u.id = $1 AND u.role = 'STUDENT'`,
    [userId, at],
  );
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export const studentRegistrationHandlers: Handlers<Pick<typeof api.studentsApp, 'register'>> = {
  register: async ({ db, body, app, req, reply }) => {
    const code = body.accessCode.replace(/\s/g, '').toUpperCase();
    const email = body.email.trim().toLowerCase();
    const name = (body.name ?? '').trim() || email.split('@')[0] || email;
    if (!code) throw badRequest('Vul de klascode in.', { accessCode: 'Vul de klascode in.' });
    if (!EMAIL.test(email)) throw badRequest('Vul een geldig e-mailadres in.', { email: 'Vul een geldig e-mailadres in.' });
    if (body.password.length < MIN_PASSWORD) {
      const reason = `Kies een wachtwoord van minstens ${MIN_PASSWORD} tekens.`;
      throw badRequest(reason, { password: reason });
    }
    // Class codes are short: every try is counted per address (before the lookup; committed even
    // when refused, see the HttpError's commit flag) and a registration gives its try back.
    const address = `register:address:${req.ip}`;
    const refused = await countAttempt(db, [{ key: address, rule: RULES.registerAddress }], app.now());
    if (refused) throw new TooManyRequests('Te veel pogingen om je te registreren. Wacht een minuut en probeer het opnieuw.', refused.retryAfterSecs);
    // A hidden (archived) class takes no new students: its code reads as unknown.
    const [room] = await db.query<{ id: number; organisation_id: number; default_study_level: string }>(
      `SELECT id, organisation_id, default_study_level FROM classrooms WHERE upper(access_code) = $1 AND NOT hidden`,
      [code],
    );
    if (!room) throw new HttpError(404, UNKNOWN_CODE, undefined, undefined, true);
    const [taken] = await db.query(`SELECT 1 FROM users WHERE lower(email) = $1`, [email]);
    if (taken) throw new HttpError(409, EMAIL_TAKEN, undefined, undefined, true);
    const now = app.now();
    const hash = await hashPassword(body.password);
    let userId: number;
    try {
      const [user] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, role, current_organisation_id, current_classroom_id, study_level, last_login, last_active, reg_date, created_at)
         VALUES ($1, $2, $3, 'STUDENT', $4, $5, $6, $7, $7, $7, $7) RETURNING id`,
        [email, name, hash, room.organisation_id, room.id, room.default_study_level || null, now],
      );
      userId = user!.id;
    } catch (err) {
      // Two registrations with one address at once: the unique index lets one through.
      if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
      throw err;
    }
    await db.query(`INSERT INTO memberships (user_id, organisation_id) VALUES ($1, $2)`, [userId, room.organisation_id]);
    await db.query(`INSERT INTO classroom_students (classroom_id, user_id) VALUES ($1, $2)`, [room.id, userId]);
    await db.query(`INSERT INTO activities (organisation_id, classroom_id, user_id, type, created_at) VALUES ($1, $2, $3, 'REGISTER', $4)`, [
      room.organisation_id,
      room.id,
      userId,
      now,
    ]);
    await settleAttempt(db, [], [address]);
    reply.header('Cache-Control', 'no-store');
    return issueTokens(db, userId, app.tokens);
  },
};
