/**
 * GET /api/health for a load balancer's check: 200 when the database answers and holds every
 * migration of this build, 503 otherwise and from the moment the process starts shutting down, so
 * the balancer sends no new work to a process that is draining. Not in the catalogue: no client of
 * the portal calls it, and it needs no session.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

export interface Health {
  /** From now on the check answers 503 (SIGTERM: drain before closing). */
  drain(): void;
}

export function registerHealth(fastify: FastifyInstance, db: Database): Health {
  let draining = false;
  fastify.get('/api/health', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'draining' });
    try {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending', pending });
      return { status: 'ok', database: db.engine };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
  return { drain: () => void (draining = true) };
}
