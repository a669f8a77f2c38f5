/** Sign-in, session, configuration and organisation calls of part 1 §7 and part 2 §7. */
import { randomBytes } from 'node:crypto';
import type { api } from '../../../src/api/catalogue';
import type { Organisation } from '../../../src/api/session/types';
import { verifyPasswordEvenIfMissing } from '../../auth/passwords';
import { countAttempt, RULES } from '../../auth/rate-limit';
import { countSignIn, ensureActiveSchool, signInSucceeded } from '../../auth/sign-in';
import { issueTokens, revokeAllOf, revokeFamilyOf, rotateRefreshToken, ReuseDetected } from '../../auth/tokens';
import { withoutTransaction, type Handlers } from '../../http/handler';
import { badRequest, HttpError, notFound, TooManyRequests } from '../../http-error';
import { publicConfig } from '../../public-config';
import { servedOverHttps } from '../../security';
import {
  currentUser,
  insertErrorReport,
  isDemo,
  markSignedIn,
  organisationById,
  organisationsOf,
  recordStudentLogin,
  switchOrganisation,
  userByEmail,
} from './queries';
import { schoolAccountHandlers } from './school-account';

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

export const sessionHandlers: Handlers<typeof api.session> = {
  config: async ({ app, req, reply }) => {
    // XSRF double-submit cookie (part 1 §7): the page copies it into X-XSRF-TOKEN on non-GET calls.
    if (!req.cookies['XSRF-TOKEN']) {
      reply.setCookie('XSRF-TOKEN', randomBytes(18).toString('base64url'), { path: '/', sameSite: 'strict', httpOnly: false, secure: servedOverHttps(req, app.config) });
    }
    return { ...publicConfig(app.config.publicConfig, await isDemo(app.db)), school_accounts: app.config.oidcProviders.map(({ id, name }) => ({ id, name })) };
  },

  // Outside a transaction: the attempt counter must stay counted when the password is wrong, and
  // must not hold its row lock through the password hash (a class signing in behind one address).
  authenticate: withoutTransaction(async ({ db, body, app, req, reply }) => {
    const email = body.email.replace(/\s/g, '').toLowerCase();
    const password = decodePassword(body.password, body.encoding);
    if (!email || !password) throw badRequest(WRONG);
    // Counted before the password check, so parallel guesses cannot slip past the limit.
    const keys = await countSignIn(app, db, req, email);
    const user = await userByEmail(db, email);
    if (!(await verifyPasswordEvenIfMissing(password, user?.password_hash ?? null)) || !user) throw new HttpError(401, WRONG);
    await signInSucceeded(app, db, req, reply, email, keys);
    await ensureActiveSchool(db, user.id);
    await markSignedIn(db, user.id);
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
    await insertErrorReport(db, user?.id ?? null, body);
    return { message: 'Bedankt, de melding is ontvangen.' };
  },

  logout: async ({ db, user }) => {
    // The revocation reaches this process's poll from memory before the answer (migration 014).
    await revokeAllOf(db, user.id);
    return { message: 'Je bent uitgelogd.' };
  },

  organisationInfo: async ({ db, user }) => {
    const [org] = await organisationById(db, user.organisationId);
    if (!org) throw notFound();
    return org;
  },

  organisations: async ({ db, user }): Promise<Organisation[]> => organisationsOf(db, user.id),

  setCurrentOrganisation: async ({ db, user, params }) => {
    if (!(await switchOrganisation(db, user.id, params.id))) throw notFound('Deze school is niet gevonden.');
    return { message: 'School gewisseld.' };
  },

  ...schoolAccountHandlers,
};
