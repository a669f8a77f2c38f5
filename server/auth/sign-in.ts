/**
 * What sign-in checks besides the password: the attempt limits (per address, and per account or per
 * known device with a doubling delay) and whether the account still has an active school.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { HttpError, TooManyRequests } from '../http-error';
import { servedOverHttps } from '../security';
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, deviceCookie, knownDevice } from './device';
import { RULES, waitText } from './rate-limit';

export const DEACTIVATED = 'Je account staat op inactief bij je school. Vraag een collega van je school om je weer op actief te zetten.';

export interface SignInKeys {
  address: string;
  /** The account's key, or the known device's. */
  account: string;
}

/** Counts the attempt before the password is checked; a 429 says in Dutch what happened and how long to wait. */
export async function countSignIn(app: AppContext, db: Queryable, req: FastifyRequest, email: string): Promise<SignInKeys> {
  const device = knownDevice(app.tokens.secret, req.cookies[DEVICE_COOKIE], email);
  const keys = { address: `sign-in:address:${req.ip}`, account: device ? `sign-in:device:${device}` : `sign-in:account:${email}` };
  const refused = await app.limits.count(db, [
    { key: keys.address, rule: RULES.signInAddress },
    { key: keys.account, rule: device ? RULES.signInDevice : RULES.signInAccount },
  ]);
  if (!refused) return keys;
  const wait = waitText(refused.retryAfterSecs);
  if (refused.key === keys.address) {
    throw new TooManyRequests(`Te veel inlogpogingen vanaf dit netwerk. Wacht ${wait} en probeer het opnieuw.`, refused.retryAfterSecs);
  }
  if (device)
    throw new TooManyRequests(`Te veel inlogpogingen op dit apparaat. Wacht ${wait} en probeer het opnieuw.`, refused.retryAfterSecs);
  throw new TooManyRequests(
    `Te veel inlogpogingen: op dit account is een paar keer een verkeerd wachtwoord geprobeerd. Ter bescherming kun je het over ${wait} opnieuw proberen. ` +
      'Op een apparaat waarop je eerder hebt ingelogd, kun je meteen inloggen.',
    refused.retryAfterSecs,
  );
}

/** After the right password: the account's failures are forgotten, the address gets its attempt back, the device is remembered. */
export async function signInSucceeded(
  app: AppContext,
  db: Queryable,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
  keys: SignInKeys,
): Promise<void> {
  await app.limits.settle(db, [keys.account, `sign-in:account:${email}`], [keys.address]);
  if (!keys.account.startsWith('sign-in:device:')) {
    reply.setCookie(DEVICE_COOKIE, deviceCookie(app.tokens.secret, email), {
      path: '/api/users/authenticate',
      httpOnly: true,
      sameSite: 'strict',
      secure: servedOverHttps(req, app.config),
      maxAge: DEVICE_COOKIE_SECONDS,
    });
  }
}

/**
 * Makes sure the account can work in a school: when its current school set it inactive, it moves to
 * another school where it is active (a teacher deactivated in one school keeps her others). Refuses
 * with a Dutch reason when no active school is left. `commit` keeps a revocation made before.
 */
export async function ensureActiveSchool(db: Queryable, userId: number, commit = false): Promise<void> {
  const [row] = await db.query<{ current_ok: boolean | null; other: number | null }>(
    `SELECT bool_or(m.active AND m.organisation_id = u.current_organisation_id) AS current_ok,
            min(m.organisation_id) FILTER (WHERE m.active) AS other
       FROM users u LEFT JOIN memberships m ON m.user_id = u.id
      WHERE u.id = $1
      GROUP BY u.id`,
    [userId],
  );
  if (row?.current_ok) return;
  if (row?.other == null) throw new HttpError(403, DEACTIVATED, undefined, undefined, commit);
  await db.query(`UPDATE users SET current_organisation_id = $2, current_classroom_id = NULL WHERE id = $1`, [userId, row.other]);
}
