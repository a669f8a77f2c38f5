/** Server settings from the environment, with the defaults the README documents. */
import { resolve } from 'node:path';
import { oidcProvidersFrom, type OidcProviderSettings } from './auth/oidc/providers-config';
import { pushHostsFrom } from './push/endpoint-policy';
import type { VapidSettings } from './push/vapid';

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
   * Where file bytes live: 'disk' (DATA_DIR/files, one machine), 'postgres' (blob_chunks, shared by
   * every process on the database) or 's3' (an S3-compatible bucket, `s3` below). FILE_STORE; the
   * default follows DATABASE_URL.
   */
  fileStore: 'disk' | 'postgres' | 's3';
  /** The bucket when fileStore is 's3' (S3_* variables), else undefined. */
  s3: S3Settings | undefined;
  /** Answer the 5 s poll from memory kept right by LISTEN/NOTIFY (POLL_FROM_MEMORY, default true). */
  pollFromMemory: boolean;
  /** Largest accepted upload in bytes. */
  maxUploadBytes: number;
  /** Bytes of uploaded files one school may keep (STORAGE_QUOTA_BYTES, default 10 GB); over it an upload is a 507. */
  schoolStorageQuota: number;
  /** Longest a request may take to arrive and be answered, in ms (REQUEST_TIMEOUT_MS, default 180 s: a 20 MB upload on slow school Wi-Fi; 29.5). */
  requestTimeoutMs: number;
  /** Address of the portal in links sent by e-mail. */
  publicUrl: string;
  /** Hosts a Web Push endpoint may name (PUSH_HOSTS, comma-separated; `*.` for subdomains, `*` for any public host). */
  pushHosts: string[];
  /** Schools' sign-in services (OIDC_PROVIDERS, issue 33); none: no 'Inloggen met je schoolaccount'. */
  oidcProviders: OidcProviderSettings[];
  /** Months after her last activity that an inactive student or leaver is deleted (STUDENT_RETENTION_MONTHS, default 12; docs/privacy.md). */
  studentRetentionMonths: number;
  /** Believe X-Forwarded-For and -Proto from the balancer in front (TRUST_PROXY=true). */
  trustProxy: boolean;
  /** How long requests in flight get after SIGTERM before the process ends anyway, in ms (SHUTDOWN_GRACE_MS, default 20 s). */
  shutdownGraceMs: number;
  /**
   * How long the health check answers 503 after SIGTERM before the listener closes, in ms (DRAIN_MS,
   * default 0): a balancer checking every second marks the process down in that time.
   */
  drainMs: number;
  /** Connections per process to PostgreSQL (PG_POOL_SIZE, default 10). */
  pgPoolSize: number;
  /** Web Push's VAPID key pair and contact (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). */
  vapid: VapidSettings;
}

/**
 * Where this server answers, for links in e-mails when PUBLIC_URL is not set: the host and port it
 * listens on. A wildcard host (0.0.0.0, ::) names no address of its own, so the link says localhost.
 */
function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export interface S3Settings {
  /** S3_ENDPOINT: the server's address (MinIO, Ceph, a cloud's S3 API); unset means AWS itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want, rather than in the host name. */
  forcePathStyle: boolean;
  /** Put before every key, so several installations can share one bucket ('' or ending in '/'). */
  prefix: string;
}

function fileStoreOf(env: NodeJS.ProcessEnv): ServerConfig['fileStore'] {
  const chosen = env.FILE_STORE || (env.DATABASE_URL ? 'postgres' : 'disk');
  if (chosen !== 'disk' && chosen !== 'postgres' && chosen !== 's3') throw new Error(`FILE_STORE=${chosen}: use disk, postgres or s3`);
  return chosen;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  if (v !== 'true' && v !== 'false') throw new Error(`${name}=${v}: use true or false`);
  return v === 'true';
}

/** The S3_* settings, checked here so a missing or malformed one stops the start with its name. */
function s3SettingsOf(env: NodeJS.ProcessEnv): S3Settings {
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => !env[n]);
  if (missing.length) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')} (docs/deploy.md, "Files on S3")`);
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT=${endpoint}: use an http:// or https:// address`);
  const prefix = env.S3_PREFIX ?? '';
  if (prefix && !/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/.test(prefix))
    throw new Error(`S3_PREFIX=${prefix}: use path segments ending in /, e.g. school-portal/`);
  return {
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    // Most S3-compatible servers want the bucket in the path; AWS itself prefers it in the host.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', !!endpoint),
    prefix,
  };
}

/**
 * A whole number from the environment, or the fallback when unset. A typo (`PORT=80a`, `MAX_UPLOAD_BYTES=20MB`)
 * stops the start with the variable's name instead of running with NaN, which Node reads as 0 or never.
 */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name}=${raw}: use a whole number from ${min} to ${max}`);
  return n;
}

function portalConfigOf(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`PORTAL_CONFIG is not JSON: use an object such as {"can_assign_chapters":false}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('PORTAL_CONFIG must be a JSON object of settings');
  return parsed as Record<string, unknown>;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come as a pair: one of them alone would silently sign with a
 * generated pair instead, and subscriptions made with the other key would stop receiving pushes.
 */
function vapidOf(env: NodeJS.ProcessEnv): VapidSettings {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if (!publicKey !== !privateKey)
    throw new Error(
      `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} is not set: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY both or neither`,
    );
  const subject = env.VAPID_SUBJECT || 'mailto:beheer@docentenomgeving.nl';
  // RFC 8292 §2.1; web-push would otherwise refuse it only at the first push.
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) throw new Error(`VAPID_SUBJECT=${subject}: use a mailto: or https:// URL`);
  return { keys: publicKey && privateKey ? { publicKey, privateKey } : undefined, subject };
}

function retentionMonthsOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 12;
  const months = Number(raw);
  // Under a month would delete a student on holiday; the AVG asks 'no longer than needed', not 'at once'.
  if (!Number.isInteger(months) || months < 1 || months > 120)
    throw new Error(`STUDENT_RETENTION_MONTHS=${raw}: use a whole number of months from 1 to 120`);
  return months;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST ?? '127.0.0.1';
  const port = wholeNumber(env, 'PORT', 8080, 0, 65_535);
  const fileStore = fileStoreOf(env);
  return {
    host,
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    accessTokenTtl: wholeNumber(env, 'ACCESS_TOKEN_TTL', 15 * 60, 1),
    refreshTokenTtl: wholeNumber(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    publicConfig: portalConfigOf(env.PORTAL_CONFIG),
    seedDemo: flag(env, 'SEED_DEMO', true),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    fileStore,
    s3: fileStore === 's3' ? s3SettingsOf(env) : undefined,
    pollFromMemory: flag(env, 'POLL_FROM_MEMORY', true),
    maxUploadBytes: wholeNumber(env, 'MAX_UPLOAD_BYTES', 20 * 1024 * 1024, 1),
    schoolStorageQuota: wholeNumber(env, 'STORAGE_QUOTA_BYTES', 10 * 1024 ** 3, 1),
    requestTimeoutMs: wholeNumber(env, 'REQUEST_TIMEOUT_MS', 180_000, 1),
    publicUrl: (env.PUBLIC_URL || listenUrl(host, port)).replace(/\/+$/, ''),
    pushHosts: pushHostsFrom(env.PUSH_HOSTS),
    oidcProviders: oidcProvidersFrom(env.OIDC_PROVIDERS),
    studentRetentionMonths: retentionMonthsOf(env.STUDENT_RETENTION_MONTHS),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    shutdownGraceMs: wholeNumber(env, 'SHUTDOWN_GRACE_MS', 20_000),
    drainMs: wholeNumber(env, 'DRAIN_MS', 0),
    pgPoolSize: wholeNumber(env, 'PG_POOL_SIZE', 10, 1, 1_000),
    vapid: vapidOf(env),
  };
}
