import type { FastifyInstance } from 'fastify';
import type { Tokens } from '../../src/api/session/types';

/** Signs in on the in-process server through the real users/authenticate call, sent as the login page sends it. */
export async function injectSignIn(fastify: FastifyInstance, email: string, password: string): Promise<Tokens> {
  const res = await fastify.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: Buffer.from(password).toString('base64'), encoding: 'base64' }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Tokens;
}
