import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { buildApp, type BuildOptions } from '../../server/app';
import type { AppContext } from '../../server/context';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { injectSignIn } from './inject-sign-in';
import { cloneTemplate } from './template-db';

export const PASSWORD = 'Welkom123';
export const DOCENT = 'docent@demoschool.nl';
export const COLLEGA = 'collega@demoschool.nl';
export const LEERLING = 'leerling@demoschool.nl';

export interface TestApp {
  fastify: FastifyInstance;
  context: AppContext;
  db: Database;
  close(): Promise<void>;
  /** Signs in through the real authenticate call; returns both tokens. */
  login(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** Headers with the bearer token of a signed-in demo user, signed in again once the app's clock has passed its expiry. */
  as(email: string): Promise<Record<string, string>>;
}

/** No test needs the internet: push hosts resolve to a documentation-free public address unless a test says otherwise. */
const publicResolver = async () => ['93.184.215.14'];

export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  now?: () => Date,
  build: Pick<BuildOptions, 'resolveHost' | 'logStream'> = {},
): Promise<TestApp> {
  const db = await cloneTemplate();
  const config = { ...loadConfig({}), staticDir: undefined, jwtSecret: 'test-secret-that-is-long-enough-0123456789', ...overrides };
  const { fastify, context } = await buildApp({
    db,
    config,
    now,
    resolveHost: build.resolveHost ?? publicResolver,
    logger: !!build.logStream,
    logStream: build.logStream,
  });
  const tokens = new Map<string, string>();
  // Tokens follow the app's clock, which many tests move by hours or days; the real client refreshes then.
  const expired = (token: string) => (decodeJwt(token).exp ?? Infinity) * 1000 <= context.now().getTime();
  const login = (email: string, password = PASSWORD) => injectSignIn(fastify, email, password);
  return {
    fastify,
    context,
    db,
    login,
    as: async (email) => {
      let token = tokens.get(email);
      if (!token || expired(token)) tokens.set(email, (token = (await login(email)).accessToken));
      return { authorization: `Bearer ${token}` };
    },
    close: async () => {
      await fastify.close();
      await db.close();
    },
  };
}
