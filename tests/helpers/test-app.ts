import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { cloneTemplate } from './template-db';

export const PASSWORD = 'Welkom123';
export const DOCENT = 'docent@demoschool.nl';
export const COLLEGA = 'collega@demoschool.nl';
export const LEERLING = 'leerling@demoschool.nl';

export interface TestApp {
  fastify: FastifyInstance;
  db: Database;
  close(): Promise<void>;
  /** Signs in through the real authenticate call; returns both tokens. */
  login(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** Headers with the bearer token of a signed-in demo user. */
  as(email: string): Promise<Record<string, string>>;
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}, now?: () => Date): Promise<TestApp> {
  const db = await cloneTemplate();
  const config = { ...loadConfig({}), staticDir: undefined, jwtSecret: 'test-secret-that-is-long-enough-0123456789', ...overrides };
  const { fastify } = await buildApp({ db, config, now });
  const tokens = new Map<string, string>();
  const login = async (email: string, password = PASSWORD) => {
    const res = await fastify.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: Buffer.from(password).toString('base64'), encoding: 'base64' }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { accessToken: string; refreshToken: string };
  };
  return {
    fastify,
    db,
    login,
    as: async (email) => {
      if (!tokens.has(email)) tokens.set(email, (await login(email)).accessToken);
      return { authorization: `Bearer ${tokens.get(email)}` };
    },
    close: async () => {
      await fastify.close();
      await db.close();
    },
  };
}
