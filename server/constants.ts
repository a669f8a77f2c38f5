/**
 * The server's fixed timers, each with its unit (issue 34 item 7). Only what is the same for every
 * deployment: what one may choose (token lifetimes, request timeout, shutdown grace, drain) is read
 * from the environment in config.ts. Lifetimes that are rules of one area (an invitation's 7 days, a
 * signed link's seconds) stay beside the code that applies them.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

// ---- Periodic jobs (server/jobs)

/** Clocks of several machines differ a little: a claim a minute early still counts as due. */
export const CLOCK_SLACK_MS = 60_000;
/**
 * The prune of expired rows runs hourly: its periods are days, so at most an hour late.
 * @alias named for its use; the value is an hour by choice, not by definition
 */
export const RETENTION_EVERY_MS = HOUR_MS;
/** The removals counted in months (inactive teachers, students past retention) run four times a day. */
export const INACTIVE_TEACHERS_EVERY_MS = 6 * HOUR_MS;
export const STUDENT_RETENTION_EVERY_MS = 6 * HOUR_MS;
/** A planned year change takes effect within a quarter of an hour of its first school day's start. */
export const SCHOOL_YEAR_EVERY_MS = HOUR_MS / 4;

// ---- Requests

/** 24 h: spec part 1 §9 (a request expires; an approval shows the answers for as long). */
export const CHECK_REQUEST_TTL_MS = 24 * HOUR_MS;
/**
 * Whether a token's signature is right is a pure function of the token and the secret, and the
 * WebCrypto HMAC is the largest CPU share of an unchanged 5 s poll: a good result is kept for a
 * minute. Expiry is still checked on every use, and the caller is still loaded from the database on
 * every request (session-user.ts), which is where access ends on deactivation and logout (the
 * session's refresh tokens revoked), so none is skipped.
 */
export const TOKEN_VERIFIED_MS = 60_000;
/** Views of a student by the same colleague within 10 minutes count once (a reload, a tab switch, a refetch). */
export const ACCESS_LOG_QUIET_MS = 10 * 60_000;
/** After a lost LISTEN connection to PostgreSQL, try again this often. */
export const RELISTEN_MS = 1000;

// ---- Web Push (server/push)

/** 1 h: an alert older than that is stale (a push service keeps it no longer for an offline device). */
export const PUSH_TTL_SECONDS = 3600;
/** A push service that does not answer is given up after this long, so no send waits for ever. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Up to ~5 s for the request's transaction to commit before we give up (it was rolled back). */
export const PUSH_COMMIT_WAITS_MS = [0, 50, 100, 200, 400, 800, 1500, 2000];
