import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { TokenSettings } from './auth/tokens';
import type { BlobStore } from './files/blob-store';
import type { PollCache } from './areas/dashboard/poll-cache';
import type { RelyingParty } from './auth/oidc/relying-party';
import type { AttemptLimits } from './auth/attempt-limits';

/** Everything a handler may need besides its request: one object, built once by buildApp. */
export interface AppContext {
  db: Database;
  config: ServerConfig;
  tokens: TokenSettings;
  /** Injectable clock for expiry rules and tests. */
  now: () => Date;
  /** The poll's callers and feed versions in memory, kept right by NOTIFY; null when switched off. */
  pollCache: PollCache | null;
  /** File bytes (documents, exam files, generated PDFs); disk under DATA_DIR/files by default. */
  files: BlobStore;
  /** Which Web Push endpoints may be stored and sent to: checkPushEndpoint with PUSH_HOSTS (server/push/endpoint-policy.ts). */
  push: { checkEndpoint(raw: string): Promise<URL> };
  /** The attempt limits: the shared table rate_limits with this process's memory of held-back keys in front. */
  limits: AttemptLimits;
  /** The schools' sign-in services by id (OIDC_PROVIDERS), each discovered once per process. */
  oidc: Map<string, RelyingParty>;
}
