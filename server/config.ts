/** Server settings from the environment, with the defaults the README documents. */
import { resolve } from 'node:path';
import { pushHostsFrom } from './push/endpoint-policy';

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
  /** Hosts a Web Push endpoint may name (PUSH_HOSTS, comma-separated; `*.` for subdomains, `*` for any public host). */
  pushHosts: string[];
}

/**
 * Where this server answers, for links in e-mails when PUBLIC_URL is not set: the host and port it
 * listens on. A wildcard host (0.0.0.0, ::) names no address of its own, so the link says localhost.
 */
export function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function fileStoreOf(env: NodeJS.ProcessEnv): ServerConfig['fileStore'] {
  const chosen = env.FILE_STORE || (env.DATABASE_URL ? 'postgres' : 'disk');
  if (chosen !== 'disk' && chosen !== 'postgres') throw new Error(`FILE_STORE=${chosen}: use disk or postgres`);
  return chosen;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  return {
    host,
    port,
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
    publicUrl: (env.PUBLIC_URL || listenUrl(host, port)).replace(/\/+$/, ''),
    pushHosts: pushHostsFrom(env.PUSH_HOSTS),
  };
}
