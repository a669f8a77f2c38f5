/** Server settings from the environment, with the defaults the README documents. */
import { resolve } from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seconds. Spec leaves it open; ≤ 15 min so a stolen token is short-lived. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  jwtSecret: string | undefined;
  staticDir: string | undefined;
  /** Config keys merged over the built-in defaults (part 1 §3). */
  publicConfig: Record<string, unknown>;
  /** Seed the demo school into an empty database. */
  seedDemo: boolean;
  logLevel: string;
  /** Invitation mail goes here (smtp:// or smtps://); without it mail is written to DATA_DIR/mail as .eml. */
  smtpUrl: string | undefined;
  /**
   * Where file bytes live: 'disk' (DATA_DIR/files, one machine) or 'postgres' (blob_chunks, shared by
   * every process on the database). FILE_STORE; the default follows DATABASE_URL.
   */
  fileStore: 'disk' | 'postgres';
  /** Answer the 5 s poll from memory kept right by LISTEN/NOTIFY (POLL_FROM_MEMORY, default true). */
  pollFromMemory: boolean;
  /** Largest accepted upload in bytes. */
  maxUploadBytes: number;
  /** Address of the portal in links sent by e-mail. */
  publicUrl: string;
}

function fileStoreOf(env: NodeJS.ProcessEnv): ServerConfig['fileStore'] {
  const chosen = env.FILE_STORE || (env.DATABASE_URL ? 'postgres' : 'disk');
  if (chosen !== 'disk' && chosen !== 'postgres') throw new Error(`FILE_STORE=${chosen}: use disk or postgres`);
  return chosen;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtl: Number(env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600),
    jwtSecret: env.JWT_SECRET || undefined,
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    publicConfig: env.PORTAL_CONFIG ? (JSON.parse(env.PORTAL_CONFIG) as Record<string, unknown>) : {},
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    fileStore: fileStoreOf(env),
    pollFromMemory: env.POLL_FROM_MEMORY !== 'false',
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    publicUrl: (env.PUBLIC_URL || 'http://127.0.0.1:8080').replace(/\/+$/, ''),
  };
}
