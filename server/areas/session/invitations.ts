/**
 * The invitation link of an e-mail (teachers.invite): GET /api/invitations/{token} says who is invited,
 * POST sets the password. Outside the catalogue because the colleague has no account to sign in
 * with yet; the 256-bit token is the credential, stored only as its hash, single-use, 7 days.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../../auth/invitation-token';
import { hashPassword } from '../../auth/passwords';
import { RULES } from '../../auth/rate-limit';
import type { AppContext } from '../../context';
import { badRequest, notFound, TooManyRequests } from '../../http-error';
import { acceptInvitation, openInvitation } from './queries';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../src/api/schemas';

const INVALID = 'Deze uitnodiging is ongeldig, al gebruikt of verlopen. Vraag je collega om een nieuwe uitnodiging.';

const tokenSchema = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 20, maxLength: 100 } },
  required: ['token'],
} as const;

/** Random tokens cost a lookup (and, before, a password hash): counted per address, given back when the token was good. */
async function countTry(app: AppContext, req: FastifyRequest): Promise<string> {
  const key = `invitation:address:${req.ip}`;
  const refused = await app.limits.count(app.db, [{ key, rule: RULES.invitationAddress }]);
  if (refused)
    throw new TooManyRequests(
      'Te veel pogingen met een uitnodigingslink. Wacht een minuut en probeer het opnieuw.',
      refused.retryAfterSecs,
    );
  return key;
}

export function registerInvitations(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { token: string } }>('/api/invitations/:token', { schema: { params: tokenSchema } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const key = await countTry(app, req);
    const row = await openInvitation(app.db, hashToken(req.params.token), app.now());
    if (!row) throw notFound(INVALID);
    await app.limits.settle(app.db, [], [key]);
    return {
      email: row.email,
      organisationName: row.organisation_name,
      expiresAt: new Date(row.expires_at).toISOString(),
      hasName: row.has_name,
    };
  });

  fastify.post<{ Params: { token: string }; Body: { password: string; encoding?: string; name?: string } }>(
    '/api/invitations/:token',
    {
      schema: {
        params: tokenSchema,
        body: {
          type: 'object',
          properties: {
            password: { type: 'string', maxLength: 400 },
            encoding: { type: 'string', maxLength: 20 },
            name: { type: 'string', maxLength: 200 },
          },
          required: ['password'],
        },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const key = await countTry(app, req);
      // The token first: a made-up one costs a lookup, not a password hash (scrypt, ~50 ms of CPU).
      const open = await openInvitation(app.db, hashToken(req.params.token), app.now());
      if (!open) throw notFound(INVALID);
      // An account without a name gets one here (28.19): colleagues see it in their teachers list.
      const name = (req.body.name ?? '').replace(/\s+/g, ' ').trim();
      if (!open.has_name && !name) throw badRequest('Vul je naam in.', { name: 'Vul je naam in.' });
      const password = req.body.encoding === 'base64' ? Buffer.from(req.body.password, 'base64').toString('utf8') : req.body.password;
      if (password.length < NEW_PASSWORD_MIN_LENGTH) {
        throw badRequest(`Kies een wachtwoord van minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`, {
          password: `Minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`,
        });
      }
      const hash = await hashPassword(password);
      const email = await app.db.transaction(async (tx) => {
        const claimed = await acceptInvitation(tx, hashToken(req.params.token), hash, app.now(), open.has_name ? '' : name);
        if (claimed === null) throw notFound(INVALID);
        return claimed;
      });
      await app.limits.settle(app.db, [], [key]);
      return { message: 'Je wachtwoord is ingesteld. Je kunt nu inloggen.', email };
    },
  );
}
