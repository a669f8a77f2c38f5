/**
 * Load shedding (server/http/load-shedding.ts, issue 34 item 8): a process whose event loop lags
 * refuses new requests at once with 503, Retry-After and a Dutch message, and serves again once the
 * lag is gone.
 */
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { installLoadShedding, SHED_MESSAGE } from '../../server/http/load-shedding';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: the event loop lags as under a flood of work.
  }
};

it('answers 503 with Retry-After and a Dutch message while the event loop lags, and serves again after', async () => {
  const app = Fastify();
  apps.push(app);
  await installLoadShedding(app, { maxEventLoopDelayMs: 50, maxEventLoopUtilization: 1, sampleIntervalMs: 50, retryAfterS: 7 });
  let served = 0;
  app.get('/api/ping', async () => ({ ok: ++served }));
  await app.ready();
  expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);

  // Busy for a second in slices: every sample of the event loop's delay is ~100 ms late.
  for (let i = 0; i < 10; i++) {
    block(100);
    await new Promise((r) => setImmediate(r));
  }
  const res = await app.inject({ method: 'GET', url: '/api/ping' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('7');
  expect(res.json()).toEqual({ error: { message: SHED_MESSAGE } });
  expect(served).toBe(1);

  // Calm again: the next samples see no lag.
  let status = 503;
  for (let i = 0; i < 100 && status === 503; i++) {
    await sleep(30);
    status = (await app.inject({ method: 'GET', url: '/api/ping' })).statusCode;
  }
  expect(status).toBe(200);
});
