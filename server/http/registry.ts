/**
 * Registers every catalogue entry as a Fastify route: schema validation from the catalogue, the
 * caller's role checked against the entry's access, and every write run in one transaction together
 * with its Idempotency-Key, so a resent request gets the stored answer instead of a second change.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogue, type api } from '../../src/api/catalogue';
import type { EndpointDef } from '../../src/api/endpoint';
import { bearerToken, loadCaller, type SessionUser } from '../auth/session-user';
import { changeSchoolOf, loadChangeCaller } from './change-school';
import { verifyAccessToken, type TokenCaller } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Database, Prepared, Queryable } from '../db/database';
import { forbidden, HttpError, unauthorized } from '../http-error';
import { publicConfig } from '../public-config';
import { errorBody } from './errors';
import { formToBody, FORM_ENCODED_CALLS, isFormEncoded } from './form-body';
import { answerWithEtag, serializeAnswer } from './read-etag';
import { runsWithoutTransaction, type Ctx, type Handler, type Handlers } from './handler';
import { DAY_MS } from '../constants';

/** Every area's handler module; the type asks one handler per catalogue entry, so a missing one does not compile. */
export type AreaHandlers = { [A in keyof typeof api]: Handlers<(typeof api)[A]> };

// Loose on purpose: each module is typed against its own area; here they are only looked up by id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of many endpoint types in one map
type AnyHandler = Handler<any>;

function byId(areas: AreaHandlers): Map<string, AnyHandler> {
  const map = new Map<string, AnyHandler>();
  for (const [area, handlers] of Object.entries(areas)) {
    for (const [name, handler] of Object.entries(handlers as Record<string, AnyHandler>)) map.set(`${area}.${name}`, handler);
  }
  return map;
}

const KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** Bodies of catalogue routes (JSON and form; multipart has its own limits in files/uploads.ts). */
const DEFAULT_BODY_LIMIT = 64 * 1024;
// A student's portfolio work: up to 10 blocks of reflections (schema: 20 items of 5,000 characters).
const BODY_LIMITS: Partial<Record<string, number>> = { 'studentsApp.savePortfolioItem': 256 * 1024 };

export const toFastifyPath = (path: string) => '/api/' + path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A route's own caller lookup: the checks of loadCaller (it must return null exactly when that
 * would) plus the first rows the route needs, in one round trip. For the hottest call, the 5 s poll.
 */
export type SessionLoader = (db: Database, caller: TokenCaller, req: FastifyRequest) => Promise<SessionUser | null>;

export const OTHER_ROLE = 'Je account heeft geen toegang tot de Docentenomgeving.';

export const INACTIVE_SCHOOL =
  'Je school heeft voor dit schooljaar nog geen licenties. Dit onderdeel is pas beschikbaar als de licenties besteld zijn.';

const PORTFOLIOS_OFF = "Portfolio's staan uit in deze omgeving.";

const SCHOOL_ACTIVE: Prepared = { name: 'school_active', text: `SELECT active FROM organisations WHERE id = $1` };

/** Part 1 §2 / part 2 §6: the screens behind the last tabs exist only for a school with licences. */
async function requireActiveSchool(db: Database, user: SessionUser): Promise<void> {
  const active = user.schoolActive ?? (await db.prepared<{ active: number }>(SCHOOL_ACTIVE, [user.organisationId]))[0]?.active === 1;
  if (!active) throw forbidden(INACTIVE_SCHOOL);
}

async function authorise(
  def: EndpointDef,
  req: FastifyRequest,
  app: AppContext,
  loader: SessionLoader = loadCaller,
): Promise<SessionUser | null> {
  const token = bearerToken(req);
  const caller = token ? await verifyAccessToken(token, app.tokens) : null;
  // A write is applied to the school it was made in, which may not be her current one (issue 36).
  const school = def.kind === 'write' && def.access !== 'public' ? changeSchoolOf(req) : undefined;
  const user = !caller ? null : school === undefined ? await loader(app.db, caller, req) : await loadChangeCaller(app.db, caller, school);
  if (def.access === 'public') return user;
  if (!user) throw unauthorized();
  if (def.access === 'portal' && user.role === 'STUDENT') {
    throw forbidden('Leerlingen hebben geen toegang tot de Docentenomgeving.');
  }
  // Part 1 §4/§6: only ADMIN reaches the portal; another role may only find that out and sign out.
  if (def.access === 'portal' && user.role !== 'ADMIN' && !def.otherRoles) throw forbidden(OTHER_ROLE);
  if (def.access === 'student' && user.role !== 'STUDENT') throw forbidden('Deze functie is alleen voor leerlingen.');
  await requireEntryAllowed(def, user, app);
  return user;
}

/** What an entry asks of the caller's school and the configuration; also checked per read by a bulk read (the offline copy). */
export async function requireEntryAllowed(def: EndpointDef, user: SessionUser, app: AppContext): Promise<void> {
  if (def.activeSchool) await requireActiveSchool(app.db, user);
  if (def.portfolio && !publicConfig(app.config.publicConfig, false).portfolio_enabled) throw forbidden(PORTFOLIOS_OFF);
}

interface Stored {
  status_code: number;
  response: unknown;
  endpoint: string;
  request_hash: string | null;
}

/**
 * How long a stored answer is kept (issue 29.4): longer than the longest offline period the app
 * accepts, which the refresh token sets (REFRESH_TOKEN_TTL, 30 days: after that the teacher signs in
 * again and the outbox is sent then), plus a day. Older keys are not replayed and the retention job
 * deletes them.
 */
export const idempotencyWindowMs = (refreshTokenTtlSecs: number) => Math.max(31 * DAY_MS, refreshTokenTtlSecs * 1000 + DAY_MS);

const KEY_REUSED = 'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Stuur dit verzoek met een nieuwe sleutel.';

/** What the key promised to answer: the endpoint and the request after validation (29.8). */
function requestHash(id: string, ctx: Omit<Ctx<unknown>, 'db'>): string {
  return createHash('sha256')
    .update(JSON.stringify([id, ctx.params ?? null, ctx.query ?? null, ctx.body ?? null]))
    .digest('base64url');
}

async function replayStored(db: Queryable, userId: number, organisationId: number, key: string): Promise<Stored | undefined> {
  const [row] = await db.query<Stored>(
    `SELECT status_code, response, endpoint, request_hash FROM idempotency_keys WHERE user_id = $1 AND organisation_id = $2 AND key = $3`,
    [userId, organisationId, key],
  );
  return row;
}

type Settled = { ok: unknown } | { refused: HttpError };

/** Turns a refusal that must keep its changes into a value, so the transaction commits. */
async function settle(work: Promise<unknown>): Promise<Settled> {
  try {
    return { ok: await work };
  } catch (err) {
    if (err instanceof HttpError && err.commit) return { refused: err };
    throw err;
  }
}

function unwrap(s: Settled): unknown {
  if ('refused' in s) throw s.refused;
  return s.ok;
}

/** A write's answer as stored under its key: null stays null (no schema turns it into `{}`). */
const storedAnswer = (reply: FastifyReply, answer: unknown): string =>
  answer === undefined || answer === null ? 'null' : serializeAnswer(reply, answer);

async function runWrite(
  id: string,
  handler: Handler<unknown>,
  ctx: Omit<Ctx<unknown>, 'db'>,
  app: AppContext,
  key: string | undefined,
  reply: FastifyReply,
): Promise<unknown> {
  if (runsWithoutTransaction(handler)) return handler({ ...ctx, db: app.db });
  const userId = ctx.user?.id;
  if (!key || !userId) return unwrap(await app.db.transaction((tx) => settle(handler({ ...ctx, db: tx }))));
  // Keys are the user's in one school (29.9): a switch or a deactivation never replays another school's answer.
  const organisationId = ctx.user?.organisationId ?? 0;
  const hash = requestHash(id, ctx);
  const now = app.now();
  const expired = new Date(now.getTime() - idempotencyWindowMs(app.tokens.refreshTokenTtl));
  try {
    const outcome = await app.db.transaction(async (tx) => {
      // Claim the key first: a concurrent request with the same key waits here until we commit. An
      // expired key (not yet pruned) is taken over as new.
      const claimed = await tx.query(
        `INSERT INTO idempotency_keys AS k (user_id, organisation_id, key, endpoint, request_hash, status_code, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)
         ON CONFLICT (user_id, organisation_id, key) DO UPDATE SET endpoint = EXCLUDED.endpoint, request_hash = EXCLUDED.request_hash, status_code = 0, response = NULL, created_at = EXCLUDED.created_at
          WHERE k.created_at < $7
         RETURNING key`,
        [userId, organisationId, key, id, hash, now, expired],
      );
      if (claimed.length === 0) return { replay: await replayStored(tx, userId, organisationId, key) };
      const settled = await settle(handler({ ...ctx, db: tx }));
      // The answer is stored as it went on the wire (the route's schema dropped what it does not
      // name), so a replay cannot carry a column the first answer did not.
      const [status, body] =
        'refused' in settled
          ? [settled.refused.status, JSON.stringify(errorBody(settled.refused))]
          : [200, storedAnswer(reply, settled.ok)];
      await tx.query(
        `UPDATE idempotency_keys SET status_code = $4, response = $5 WHERE user_id = $1 AND organisation_id = $2 AND key = $3`,
        [userId, organisationId, key, status, body],
      );
      return 'refused' in settled ? { refused: settled.refused } : { answer: settled.ok };
    });
    if ('refused' in outcome) throw outcome.refused;
    if ('answer' in outcome) return outcome.answer;
    const stored = outcome.replay;
    // Another endpoint or another body under the same key (29.8): not the first answer, and no change.
    if (stored && (stored.endpoint !== id || (stored.request_hash !== null && stored.request_hash !== hash)))
      throw new HttpError(422, KEY_REUSED);
    reply.header('Idempotent-Replayed', 'true');
    // Sent as JSON text: a stored success through the route's schema again (a key stored before the
    // schemas existed included), a stored refusal as it was stored.
    reply.type('application/json; charset=utf-8');
    if (!stored) return 'null';
    reply.code(stored.status_code);
    return stored.status_code === 200 ? storedAnswer(reply, stored.response) : JSON.stringify(stored.response);
  } catch (err) {
    // A refusal is an answer too: store it so the resent request is refused the same way. Not the
    // answers that say 'later' (401, 408, 429): the outbox resends those with the same key, and a
    // stored 429 would answer every resend, holding the teacher's queue behind it for good. Nor the
    // 422 of a reused key, which is about the key, not the request.
    if (err instanceof HttpError && err.status >= 400 && err.status < 500 && ![401, 408, 422, 429].includes(err.status)) {
      await app.db.query(
        `INSERT INTO idempotency_keys (user_id, organisation_id, key, endpoint, request_hash, status_code, response, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT DO NOTHING`,
        [userId, organisationId, key, id, hash, err.status, JSON.stringify(errorBody(err)), now],
      );
    }
    throw err;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function registerCatalogue(
  fastify: FastifyInstance,
  app: AppContext,
  areas: AreaHandlers,
  loaders: Partial<Record<string, SessionLoader>> = {},
  /** Which routes (by Fastify URL) go on this instance: the upload routes have a scope of their own (app.ts). */
  picks: (url: string) => boolean = () => true,
): void {
  if (!fastify.hasRequestDecorator('sessionUser')) fastify.decorateRequest('sessionUser', null);
  const handlers = byId(areas);
  for (const { id, def } of catalogue) {
    // Served by a route of its own area (a file stream, the PDF, the invitation link), not by a handler here.
    if (def.ownRoute || !picks(toFastifyPath(def.path))) continue;
    const handler = handlers.get(id);
    // Cannot happen while AreaHandlers types every area; a catalogue built some other way fails at start, not per request.
    if (!handler) throw new Error(`No handler for ${id}`);
    const schema: Record<string, unknown> = {};
    if (def.params) schema.params = def.params;
    if (def.query) schema.querystring = def.query;
    if (def.bodySchema) schema.body = def.bodySchema;
    // Fastify serialises a 200 from it (fast-json-stringify): quicker than JSON.stringify, and a
    // field the schema does not name (a column a query added) never leaves the server. Errors (4xx,
    // `{ error: { message } }`) have no schema here and keep their shape as errors.ts sends it.
    if (def.answer) schema.response = { 200: def.answer };
    // For the OpenAPI document only (openapi.ts); Fastify's validation ignores these keys.
    Object.assign(schema, { operationId: id, tags: [id.split('.')[0]], security: def.access === 'public' ? [] : [{ bearer: [] }] });
    fastify.route({
      method: def.method,
      url: toFastifyPath(def.path),
      schema,
      // No JSON or form body here needs more than tens of kB (29.6); parsing a wide one costs CPU.
      bodyLimit: BODY_LIMITS[id] ?? DEFAULT_BODY_LIMIT,
      // Who may call comes before what they sent, and before the body is parsed (29.6): a stranger's
      // megabyte of JSON is refused unread, and a student gets 403, not a validation error.
      onRequest: async (req) => {
        req.sessionUser = await authorise(def, req, app, loaders[id]);
      },
      // A JSON call takes JSON only, not the form posts any other web page can make; the saves of the
      // spec's call lists take a form too (form-body.ts), still behind the bearer token checked first.
      // Only on routes with a body: a hook that returns at once still costs every read (the poll) a turn.
      ...(def.body === 'json' && {
        preValidation: async (req: FastifyRequest) => {
          if (req.body === undefined || /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return;
          const formToo = FORM_ENCODED_CALLS.has(id);
          if (!formToo || !isFormEncoded(req.headers['content-type'])) {
            throw new HttpError(
              415,
              `Dit type inhoud wordt niet ondersteund: stuur de gegevens als JSON${formToo ? ' of als formulier' : ''}.`,
            );
          }
          req.body = formToBody(req.body, def.bodySchema);
        },
      }),
      handler: async (req, reply) => {
        const user = req.sessionUser;
        const rawKey = req.headers['idempotency-key'];
        const key = typeof rawKey === 'string' ? rawKey : undefined;
        if (def.kind === 'write' && key !== undefined && !KEY_PATTERN.test(key)) {
          throw new HttpError(400, 'Ongeldige Idempotency-Key: gebruik 8 tot 64 letters, cijfers of streepjes.');
        }
        const ctx = { user, params: req.params, query: req.query, body: req.body, req, reply, app } as Omit<Ctx<unknown>, 'db'>;
        if (def.kind === 'read') return answerWithEtag(req, reply, await handler({ ...ctx, db: app.db }));
        return runWrite(id, handler as Handler<unknown>, ctx, app, key, reply);
      },
    });
  }
}
