/** Sign-in, session, configuration and organisation calls of part 1 §7 and part 2 §7. */
import { randomBytes } from 'node:crypto';
import type { api } from '../../../src/api/catalogue';
import type { Organisation } from '../../../src/api/session/types';
import { hashPassword, verifyPasswordEvenIfMissing } from '../../auth/passwords';
import { RULES } from '../../auth/rate-limit';
import { sessionIdOf } from '../../auth/session-user';
import { countSignIn, ensureActiveSchool, signInSucceeded } from '../../auth/sign-in';
import {
  issueTokens,
  revokeAllOf,
  revokeFamilyOf,
  revokeOtherSessions,
  revokeSession,
  rotateRefreshToken,
  ReuseDetected,
} from '../../auth/tokens';
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
  pendingInvitationsOf,
  acceptMembership,
  declineMembership,
  passwordHashOf,
  recordStudentLogin,
  setPasswordHash,
  switchOrganisation,
  userByEmail,
} from './queries';
import { schoolAccountHandlers } from './school-account';
import { unlinkAll } from './school-account-links';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../src/api/schemas';

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
      reply.setCookie('XSRF-TOKEN', randomBytes(18).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: servedOverHttps(req, app.config),
      });
    }
    return {
      ...publicConfig(app.config.publicConfig, await isDemo(app.db)),
      school_accounts: app.config.oidcProviders.map(({ id, name }) => ({ id, name })),
    };
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
    await markSignedIn(db, user.id, app.now());
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
      throw new HttpError(
        401,
        'Deze sessie is beëindigd omdat hij op een ander apparaat werd gebruikt. Log opnieuw in.',
        undefined,
        undefined,
        true,
      );
    }
  },

  report: async ({ db, body, user, app, req }) => {
    // Public and unauthenticated: without a limit anyone could fill error_reports.
    const attempt = user
      ? { key: `report:user:${user.id}`, rule: RULES.reportUser }
      : { key: `report:address:${req.ip}`, rule: RULES.reportAddress };
    const refused = await app.limits.count(db, [attempt]);
    if (refused)
      throw new TooManyRequests('Er zijn veel meldingen tegelijk verstuurd. Probeer het over een minuut opnieuw.', refused.retryAfterSecs);
    await insertErrorReport(db, user?.id ?? null, body);
    return { message: 'Bedankt, de melding is ontvangen.' };
  },

  logout: async ({ db, user, app, req }) => {
    // This session only: signing out of a shared classroom tablet must not sign the teacher out of her
    // laptop (issue 36). A token without a session id ends them all. The revocation reaches this
    // process's poll from memory before the answer (migration 014).
    const sid = await sessionIdOf(req, app.tokens);
    if (sid === null) await revokeAllOf(db, user.id);
    else await revokeSession(db, sid);
    return { message: 'Je bent uitgelogd.' };
  },

  changePassword: async ({ db, user, body, app, req }) => {
    const errors: Record<string, string> = {};
    if (!body.currentPassword) errors.currentPassword = 'Vul je huidige wachtwoord in.';
    if (!body.newPassword) errors.newPassword = 'Vul een nieuw wachtwoord in.';
    if (!body.repeatPassword) errors.repeatPassword = 'Herhaal het nieuwe wachtwoord.';
    if (Object.keys(errors).length) throw badRequest('Vul alle velden in.', errors);
    // A stolen access token must not guess the password here either (the same limit as the student form).
    const key = `own-password:user:${user.id}`;
    const refused = await app.limits.count(db, [{ key, rule: RULES.ownPassword }]);
    if (refused)
      throw new TooManyRequests(
        'Je hebt te vaak een verkeerd huidig wachtwoord ingevuld. Wacht een kwartier en probeer het opnieuw.',
        refused.retryAfterSecs,
      );
    if (!(await verifyPasswordEvenIfMissing(body.currentPassword, await passwordHashOf(db, user.id)))) {
      // Committed although refused: the attempt count must stay.
      throw new HttpError(
        400,
        'Je huidige wachtwoord klopt niet.',
        { currentPassword: 'Je huidige wachtwoord klopt niet.' },
        undefined,
        true,
      );
    }
    await app.limits.settle(db, [key]);
    if (body.newPassword.length < NEW_PASSWORD_MIN_LENGTH) {
      throw badRequest(`Kies een nieuw wachtwoord van minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`, {
        newPassword: `Minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`,
      });
    }
    if (body.newPassword !== body.repeatPassword)
      throw badRequest('De wachtwoorden zijn niet gelijk.', { repeatPassword: 'De wachtwoorden zijn niet gelijk.' });
    await setPasswordHash(db, user.id, await hashPassword(body.newPassword));
    // Every other device signs in again with the new password; this one stays signed in.
    const sid = await sessionIdOf(req, app.tokens);
    if (sid === null) await revokeAllOf(db, user.id);
    else await revokeOtherSessions(db, user.id, sid);
    // A school account linked by whoever knew the old password must not outlive it: she links again.
    const unlinked = await unlinkAll(db, user.id);
    return {
      message:
        'Je wachtwoord is gewijzigd. Op je andere apparaten moet je opnieuw inloggen.' +
        (unlinked ? ' Je schoolaccount is ontkoppeld; koppel het opnieuw via het menu onder je naam als je ermee wilt inloggen.' : ''),
    };
  },

  organisationInfo: async ({ db, user }) => {
    const [org] = await organisationById(db, user.organisationId);
    if (!org) throw notFound();
    return org;
  },

  organisations: async ({ db, user }): Promise<Organisation[]> => organisationsOf(db, user.id),

  pendingInvitations: ({ db, user }) => pendingInvitationsOf(db, user.id),

  acceptSchoolInvitation: async ({ db, user, params }) => {
    if (!(await acceptMembership(db, user.id, params.id))) throw notFound('Deze uitnodiging is niet gevonden.');
    return { message: 'Je hoort nu ook bij deze school. Je kunt erheen wisselen via je schoolkeuze.' };
  },

  declineSchoolInvitation: async ({ db, user, params }) => {
    if (!(await declineMembership(db, user.id, params.id))) throw notFound('Deze uitnodiging is niet gevonden.');
    return { message: 'De uitnodiging is afgewezen.' };
  },

  setCurrentOrganisation: async ({ db, user, params }) => {
    if (!(await switchOrganisation(db, user.id, params.id))) throw notFound('Deze school is niet gevonden.');
    return { message: 'School gewisseld.' };
  },

  ...schoolAccountHandlers,
};
