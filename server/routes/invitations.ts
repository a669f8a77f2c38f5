/**
 * The invitation link of an e-mail (teachers.ts): GET /api/invitations/{token} says who is invited,
 * POST sets the password. Outside the catalogue because the colleague has no account to sign in
 * with yet; the 256-bit token is the credential, stored only as its hash, single-use, 7 days.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/passwords';
import { countAttempt, RULES, settleAttempt } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { badRequest, notFound, TooManyRequests } from '../http-error';
import { hashToken } from './teachers';

const INVALID = 'Deze uitnodiging is ongeldig, al gebruikt of verlopen. Vraag je collega om een nieuwe uitnodiging.';
const MIN_PASSWORD = 8;

const tokenSchema = { type: 'object', properties: { token: { type: 'string', minLength: 20, maxLength: 100 } }, required: ['token'] } as const;

/** Random tokens cost a lookup (and, before, a password hash): counted per address, given back when the token was good. */
async function countTry(app: AppContext, req: FastifyRequest): Promise<string> {
  const key = `invitation:address:${req.ip}`;
  const refused = await countAttempt(app.db, [{ key, rule: RULES.invitationAddress }], app.now());
  if (refused) throw new TooManyRequests('Te veel pogingen met een uitnodigingslink. Wacht een minuut en probeer het opnieuw.', refused.retryAfterSecs);
  return key;
}

const isOpen = async (app: AppContext, token: string) =>
  (await app.db.query(`SELECT 1 FROM invitations WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`, [hashToken(token), app.now()])).length > 0;

export function registerInvitations(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { token: string } }>('/api/invitations/:token', { schema: { params: tokenSchema } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const key = await countTry(app, req);
    const [row] = await app.db.query<{ email: string; organisation_name: string; expires_at: Date }>(
      `SELECT u.email, o.name AS organisation_name, i.expires_at
         FROM invitations i JOIN users u ON u.id = i.user_id JOIN organisations o ON o.id = i.organisation_id
        WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2`,
      [hashToken(req.params.token), app.now()],
    );
    if (!row) throw notFound(INVALID);
    await settleAttempt(app.db, [], [key]);
    return { email: row.email, organisationName: row.organisation_name, expiresAt: new Date(row.expires_at).toISOString() };
  });

  fastify.post<{ Params: { token: string }; Body: { password: string; encoding?: string } }>(
    '/api/invitations/:token',
    {
      schema: {
        params: tokenSchema,
        body: { type: 'object', properties: { password: { type: 'string', maxLength: 400 }, encoding: { type: 'string', maxLength: 20 } }, required: ['password'] },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const key = await countTry(app, req);
      // The token first: a made-up one costs a lookup, not a password hash (scrypt, ~50 ms of CPU).
      if (!(await isOpen(app, req.params.token))) throw notFound(INVALID);
      const password = req.body.encoding === 'base64' ? Buffer.from(req.body.password, 'base64').toString('utf8') : req.body.password;
      if (password.length < MIN_PASSWORD) {
        throw badRequest(`Kies een wachtwoord van minstens ${MIN_PASSWORD} tekens.`, { password: `Minstens ${MIN_PASSWORD} tekens.` });
      }
      const hash = await hashPassword(password);
      const email = await app.db.transaction(async (tx) => {
        // Claiming the token and setting the password in one step makes the link single-use.
        const [claimed] = await tx.query<{ user_id: number }>(
          `UPDATE invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
          [hashToken(req.params.token), app.now()],
        );
        if (!claimed) throw notFound(INVALID);
        const [user] = await tx.query<{ email: string }>(`UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email`, [claimed.user_id, hash]);
        // Any other open invitation for this account must not be able to set the password again.
        await tx.query(`UPDATE invitations SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [claimed.user_id, app.now()]);
        return user?.email ?? '';
      });
      await settleAttempt(app.db, [], [key]);
      return { message: 'Je wachtwoord is ingesteld. Je kunt nu inloggen.', email };
    },
  );
}
