import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '../../src/api/endpoint';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import type { AppContext } from '../context';

/** What a route handler receives. For writes `db` is the transaction the idempotency key joins. */
export interface Ctx<E> {
  db: Queryable;
  user: E extends { access: 'public' } ? SessionUser | null : SessionUser;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
}

export type Handler<E> = (ctx: Ctx<E>) => Promise<AnswerOf<E>>;

/** An area's handler module: one handler for every entry of its catalogue group, so a missing one does not compile. */
/** One handler per entry of the group, except the entries answered by a route of their own (`ownRoute`). */
export type Handlers<G> = { [K in keyof G as G[K] extends { ownRoute: true } ? never : K]: Handler<G[K]> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- membership only; any handler type may be marked
const OWN_STATEMENTS = new WeakSet<Handler<any>>();

/**
 * A write whose statements run one by one on the pool, not in the registry's transaction, and whose
 * answer is never stored under an Idempotency-Key. For sign-in: its attempt counter must neither
 * roll back with a wrong password nor hold its row lock through the password hash, and tokens must
 * not be kept in idempotency_keys.
 */
export function withoutTransaction<E>(handler: Handler<E>): Handler<E> {
  OWN_STATEMENTS.add(handler);
  return handler;
}

export const runsWithoutTransaction = <E>(handler: Handler<E>): boolean => OWN_STATEMENTS.has(handler as Handler<unknown>);
