/**
 * Load shedding (@fastify/under-pressure): when the event loop lags far behind, new requests get a
 * 503 with Retry-After and a Dutch message at once instead of queueing behind the work already in
 * hand, so a process that is drowning recovers rather than timing every request out. The outbox
 * (src/offline/outbox.ts) keeps a change that meets a 503 and sends it again after its backoff (1 s
 * doubling up to a minute); reads fall back to the stored answer. Conservative on purpose: only a
 * lag no teacher would wait through; not the event loop's busy share (PGlite runs its queries
 * synchronously in the process, so a healthy demo server is busy most of the time), not memory (a
 * heap limit would shed a process with a full cache). Turned on by server.ts only (server/app.ts).
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

export const SHED_MESSAGE =
  'De server is op dit moment te druk. Probeer het over een paar seconden opnieuw; wat je hebt gewijzigd, wordt dan vanzelf verzonden.';

export interface SheddingOptions {
  /** Event loop delay (ms, averaged over a sample) above which new requests are refused. */
  maxEventLoopDelayMs: number;
  /** Share of time the event loop is busy (0–1) above which new requests are refused; 1: never. */
  maxEventLoopUtilization: number;
  /** How often the load is sampled (ms). */
  sampleIntervalMs: number;
  /** Seconds a client is told to wait (Retry-After). */
  retryAfterS: number;
}

// 1 s of average lag: every request already takes longer than a teacher waits for a tap. Sampled
// each second; clients are told to come back after 10 s. Utilization 1: never (see above).
export const SHEDDING: SheddingOptions = { maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 1, sampleIntervalMs: 1000, retryAfterS: 10 };

export async function installLoadShedding(fastify: FastifyInstance, opts: SheddingOptions = SHEDDING): Promise<void> {
  await fastify.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxEventLoopUtilization: opts.maxEventLoopUtilization,
    sampleInterval: opts.sampleIntervalMs,
    retryAfter: opts.retryAfterS,
    // Sent here, in our error shape; Fastify runs nothing further for a request already answered.
    pressureHandler: (_req, reply) => {
      void reply
        .code(503)
        .header('Retry-After', String(opts.retryAfterS))
        .send({ error: { message: SHED_MESSAGE } });
    },
  });
}
