/** Sign-in, session, configuration and organisation calls of part 1 §7 and part 2 §7. */
import { randomBytes } from 'node:crypto';
import type { api } from '../../src/api/catalogue';
import { defaultConfig } from '../../src/api/session/default-config';
import type { Config, Organisation } from '../../src/api/session/types';
import { verifyPasswordEvenIfMissing } from '../auth/passwords';
import { countAttempt, RULES } from '../auth/rate-limit';
import { countSignIn, ensureActiveSchool, signInSucceeded } from '../auth/sign-in';
import { issueTokens, revokeAllOf, revokeFamilyOf, rotateRefreshToken, ReuseDetected } from '../auth/tokens';
import { badRequest, HttpError, notFound, TooManyRequests } from '../http-error';
import type { Queryable } from '../db/database';
import { servedOverHttps } from '../security';
import { withoutTransaction, type Handlers } from './handler';
import { currentUser, organisationSummary } from './session-queries';
import { recordStudentLogin } from './student-registration';

const WRONG = 'Inloggegevens zijn niet juist';

function decodePassword(password: string, encoding: string | undefined): string {
  if (encoding !== 'base64') return password;
  const decoded = Buffer.from(password, 'base64').toString('utf8');
  // Buffer.from ignores bad characters; a round trip tells a real base64 value from garbage.
  if (Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== password.replace(/=+$/, '')) {
    throw badRequest('Het wachtwoord is niet goed gecodeerd (base64 verwacht).');
  }
  return decoded;
}

async function studyLevelKey(levels: Record<string, string>, raw: string): Promise<string | null> {
  // Part 1 §7: spaces arrive as plus signs; accept the key or the label.
  const level = raw.replace(/\+/g, ' ').trim();
  if (level in levels) return level;
  const byLabel = Object.entries(levels).find(([, label]) => label.toLowerCase() === level.toLowerCase());
  return byLabel ? byLabel[0] : null;
}

export function publicConfig(extra: Record<string, unknown>, demo: boolean): Config {
  return { ...defaultConfig, ...extra, demo } as Config;
}

async function isDemo(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'demo'`);
  return row?.value === 'true';
}

export const sessionHandlers: Handlers<typeof api.session> = {
  config: async ({ app, req, reply }) => {
    // XSRF double-submit cookie (part 1 §7): the page copies it into X-XSRF-TOKEN on non-GET calls.
    if (!req.cookies['XSRF-TOKEN']) {
      reply.setCookie('XSRF-TOKEN', randomBytes(18).toString('base64url'), { path: '/', sameSite: 'strict', httpOnly: false, secure: servedOverHttps(req, app.config) });
    }
    return publicConfig(app.config.publicConfig, await isDemo(app.db));
  },

  // Outside a transaction: the attempt counter must stay counted when the password is wrong, and
  // must not hold its row lock through the password hash (a class signing in behind one address).
  authenticate: withoutTransaction(async ({ db, body, app, req, reply }) => {
    const email = body.email.replace(/\s/g, '').toLowerCase();
    const password = decodePassword(body.password, body.encoding);
    if (!email || !password) throw badRequest(WRONG);
    // Counted before the password check, so parallel guesses cannot slip past the limit.
    const keys = await countSignIn(app, db, req, email);
    const [user] = await db.query<{ id: number; password_hash: string | null }>(`SELECT id, password_hash FROM users WHERE lower(email) = $1`, [email]);
    if (!(await verifyPasswordEvenIfMissing(password, user?.password_hash ?? null)) || !user) throw new HttpError(401, WRONG);
    await signInSucceeded(app, db, req, reply, email, keys);
    await ensureActiveSchool(db, user.id);
    await db.query(`UPDATE users SET last_login = now(), last_active = now() WHERE id = $1`, [user.id]);
    await recordStudentLogin(db, user.id, app.now());
    reply.header('Cache-Control', 'no-store');
    return issueTokens(db, user.id, app.tokens);
  }),

  info: async ({ db, user }) => currentUser(db, user),

  refreshToken: async ({ db, params, app, req, reply }) => {
    try {
      // The registry has checked the key's form; here it tells a repeated request from a reuse.
      const key = req.headers['idempotency-key'];
      const rotated = await rotateRefreshToken(db, params.refreshToken, app.tokens, typeof key === 'string' ? key : undefined);
      try {
        await ensureActiveSchool(db, rotated.userId, true);
      } catch (err) {
        // Deactivated in every school since the sign-in: the session ends here.
        await revokeFamilyOf(db, rotated.refreshToken);
        throw err;
      }
      reply.header('Cache-Control', 'no-store');
      return { accessToken: rotated.accessToken, refreshToken: rotated.refreshToken };
    } catch (err) {
      if (!(err instanceof ReuseDetected)) throw err;
      // The family's revocation must be committed although the request is refused.
      throw new HttpError(401, 'Deze sessie is beëindigd omdat hij op een ander apparaat werd gebruikt. Log opnieuw in.', undefined, undefined, true);
    }
  },

  report: async ({ db, body, user, app, req }) => {
    // Public and unauthenticated: without a limit anyone could fill error_reports.
    const attempt = user ? { key: `report:user:${user.id}`, rule: RULES.reportUser } : { key: `report:address:${req.ip}`, rule: RULES.reportAddress };
    const refused = await countAttempt(db, [attempt], app.now());
    if (refused) throw new TooManyRequests('Er zijn veel meldingen tegelijk verstuurd. Probeer het over een minuut opnieuw.', refused.retryAfterSecs);
    await db.query(`INSERT INTO error_reports (user_id, url, status, message) VALUES ($1, $2, $3, $4)`, [
      user?.id ?? null,
      body.url,
      body.status ?? null,
      body.message,
    ]);
    return { message: 'Bedankt, de melding is ontvangen.' };
  },

  logout: async ({ db, user }) => {
    // The revocation reaches this process's poll from memory before the answer (migration 014).
    await revokeAllOf(db, user.id);
    return { message: 'Je bent uitgelogd.' };
  },

  organisationInfo: async ({ db, user }) => {
    const [org] = await organisationSummary(db, 'o.id = $1', [user.organisationId]);
    if (!org) throw notFound();
    return org;
  },

  organisations: async ({ db, user }): Promise<Organisation[]> =>
    organisationSummary(db, 'o.id IN (SELECT organisation_id FROM memberships WHERE user_id = $1 AND active)', [user.id]),

  setCurrentOrganisation: async ({ db, user, params }) => {
    const [member] = await db.query(`SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2 AND active`, [user.id, params.id]);
    if (!member) throw notFound('Deze school is niet gevonden.');
    await db.query(`UPDATE users SET current_organisation_id = $2, current_classroom_id = NULL WHERE id = $1`, [user.id, params.id]);
    return { message: 'School gewisseld.' };
  },

};

/** Licences and the extension intention (part 2 §7). */
export const licencesHandlers: Handlers<typeof api.licences> = {
  list: async ({ db, user }) =>
    db.query(
      `SELECT s.name AS "sectionName", c.name AS "chapterName", l.license_count AS "licenseCount",
              u.used::int AS "usedLicenseCount", (u.used > l.license_count) AS overuse
         FROM licences l
         JOIN chapters c ON c.id = l.chapter_id
         JOIN sections s ON s.id = c.section_id
         CROSS JOIN LATERAL (
           SELECT count(DISTINCT cs.user_id) AS used
             FROM classroom_students cs
             JOIN classrooms cl ON cl.id = cs.classroom_id AND cl.organisation_id = l.organisation_id
             JOIN classroom_chapters cc ON cc.classroom_id = cl.id AND cc.chapter_id = l.chapter_id
         ) u
        WHERE l.organisation_id = $1
        ORDER BY s.position, s.name, c.position, c.name`,
      [user.organisationId],
    ),

  extendInfo: async ({ db, user }) => {
    const [row] = await db.query<{ extendIntention: boolean; extendContactEmail: string }>(
      `SELECT extend_intention AS "extendIntention", extend_contact_email AS "extendContactEmail" FROM organisations WHERE id = $1`,
      [user.organisationId],
    );
    if (!row) throw notFound();
    return row;
  },

  saveExtendInfo: async ({ db, user, body }) => {
    const email = (body.extendContactEmail ?? '').trim();
    if (body.extendIntention && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw badRequest('Vul een geldig e-mailadres van de contactpersoon in.', { extendContactEmail: 'Vul een geldig e-mailadres in.' });
    }
    await db.query(`UPDATE organisations SET extend_intention = $2, extend_contact_email = $3 WHERE id = $1`, [
      user.organisationId,
      body.extendIntention,
      email,
    ]);
    return { extendIntention: body.extendIntention, extendContactEmail: email };
  },
};

/** The dashboard's current class and study level (part 1 §7). */
export const currentChoiceHandlers: Handlers<Pick<typeof api.dashboard, 'setCurrentClassroom' | 'changeStudyLevel'>> = {
  setCurrentClassroom: async ({ db, user, params }) => {
    const [room] = await db.query(`SELECT 1 FROM classrooms WHERE id = $1 AND organisation_id = $2`, [params.id, user.organisationId]);
    if (!room) throw notFound('Deze klas is niet gevonden.');
    await db.query(`UPDATE users SET current_classroom_id = $2 WHERE id = $1`, [user.id, params.id]);
    return { message: 'Huidige klas ingesteld.' };
  },

  changeStudyLevel: async ({ db, user, params, app }) => {
    const levels = publicConfig(app.config.publicConfig, false).study_levels;
    const key = await studyLevelKey(levels, params.level);
    if (!key) throw badRequest(`Onbekend niveau: ${params.level.replace(/\+/g, ' ')}.`);
    await db.query(`UPDATE users SET study_level = $2 WHERE id = $1`, [user.id, key]);
    return { message: 'Niveau gewijzigd.' };
  },
};
