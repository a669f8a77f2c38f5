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

/** A route module implements (part of) one area of the catalogue. */
export type Handlers<G> = { [K in keyof G]?: Handler<G[K]> };
