/** Part 6: the scale note of docs/performance.md, with the measured poll figures filled in. */
import { fmt, type PartResult } from './report';

const PEAK = 3000;

function value(parts: PartResult[], name: string): number | null {
  for (const p of parts) for (const f of p.figures) if (f.name === name) return f.value;
  return null;
}

export function scaleNote(parts: PartResult[]): string {
  const pg = value(parts, 'PostgreSQL (a) poll, 5,000 tokens req/s');
  const pg304 = value(parts, 'PostgreSQL (b) poll with If-None-Match req/s');
  const lite = value(parts, 'PGlite (a) poll, 5,000 tokens req/s');
  const processes = pg ? Math.ceil(PEAK / pg) : null;
  const measured = pg
    ? `Measured here, one API process on PostgreSQL answered ${fmt(pg)} polls/s (${fmt(pg304)} when every poll was a 304), with the load generator, the API process and PostgreSQL sharing the same cores. At that rate the peak needs about ${processes} API process${processes === 1 ? '' : 'es'}; on dedicated API machines (one Node process per core) expect 1.5–2× more per process, so a handful of 2-vCPU API machines carries the country with room for failover.`
    : 'PostgreSQL was not measured in this run (see part 5); the reasoning below holds, the process count has to be filled in from a run with PostgreSQL.';
  return [
    '## Scale: every vmbo school of the country',
    '',
    `Assumptions: about 200,000 students and 15,000 teachers. The dashboard polls the activity feed every 5 s while it is open, so the worst case is every teacher at once: 15,000 / 5 s = **${PEAK.toLocaleString('en')} polls/s** at peak, plus ordinary reads and writes (an order of magnitude fewer: a teacher clicks far less often than every 5 s). Students' writes (check requests, portfolio work) are a few per lesson each.`,
    '',
    'Shape: stateless API processes (`tsx server/server.ts` with DATABASE_URL) behind a load balancer, one PostgreSQL primary for writes with read replicas for reads, files in S3-compatible object storage.',
    '',
    measured,
    '',
    'Where the first bottlenecks are, in the order they would bite, and what closes each:',
    '',
    `1. **PGlite is one process with one connection** (${lite ? `${fmt(lite)} polls/s measured here` : 'not measured in this run'}). It is the right default for one school on one machine and cannot be shared by several API processes. At national scale it is not an option: use DATABASE_URL (PostgreSQL). Nothing in the code has to change; the same migrations and tests run on both.`,
    "2. **A poll that brings nothing new (done).** Every change the feed shows bumps `classrooms.feed_version` in the same transaction (triggers of migration 006, so no writer can forget it). The ETag is derived from that version, the teacher's read watermark, her id, the page size and the instant the next status on the page turns by the clock (a request's 24 h expiry); the poll reads the caller and the version in one query and answers a matching If-None-Match with 304 before anything else. Without If-None-Match the class's first page comes from an in-process cache keyed by the version, so the feed query runs once per change per API process, not once per poll. Compare (a) and (b) in part 5 with the earlier runs in git history (175 and 216 polls/s on PostgreSQL before).",
    "3. **The per-request caller lookup, from memory for the poll (done).** Each API process keeps its pollers' caller rows (the same checks: active membership of the current school) with their feed's class and read watermark, and every class's feed_version, kept right by PostgreSQL NOTIFY from triggers on users, memberships, activity_reads and classrooms (migration 012) on one listening connection per process; PGlite delivers the same notifications in process. An unchanged poll is then a JWT check and no query; a deactivated teacher is refused as soon as the notification arrives (milliseconds), on every process; while the listening connection is down the poll reads the database (server/areas/dashboard/poll-cache.ts).",
    "4. **Database connections.** Each API process holds a pool (PG_POOL_SIZE, default 10); many processes times many connections exhaust PostgreSQL's `max_connections` long before its CPU. Put pgbouncer (transaction pooling) in front of the primary and each replica. The server holds no session state but its named prepared statements (the poll's caller-and-version lookup and every request's caller lookup, server/db/database.ts `prepared`), so the pooler must be pgbouncer ≥ 1.21 with `max_prepared_statements` above 0; no advisory locks span statements.",
    "5. **Read replicas.** Send the poll and the other reads to replicas and writes (with their idempotency keys) to the primary. A replica lags by milliseconds to a second; the poll is every 5 s anyway, and the client already shows its own writes optimistically, so a lagging poll is harmless. After a teacher's own write, route her next reads to the primary for a few seconds if read-your-writes ever matters.",
    "6. **In-process state (done, but for the limiters).** Migrations and the demo seed run under an advisory lock, background jobs claim each run in job_runs, file bytes live in PostgreSQL (blob_chunks) when DATABASE_URL is set, and the caches are either keyed by the database's version or kept right by NOTIFY; `npm run test:multi` runs two processes behind HAProxy. The login rate limiters move into PostgreSQL with issue 15. docs/deploy.md has the three shapes of a deployment.",
    "7. **Growth of tables.** activities and idempotency_keys grow without bound; the feed query reads by (classroom_id, id) so its cost does not grow with the table, but prune idempotency keys after their retention period (days) and archive activities older than a school year to keep the primary's working set in memory.",
    '',
    'With 2 (short-circuit) in place, a no-change poll costs one small indexed read: 3,000 polls/s are far inside what one PostgreSQL primary with a replica serves, and the API tier scales by adding processes.',
    '',
    "**What is left on one shared 2-core machine.** The load generator, the API process and PostgreSQL compete for the same two cores (part 5 notes how busy they were and the load generator's share). On separate machines the same code serves far more per API process. The poll's lookup is a named prepared statement, planned once per connection (PGlite: PREPARE/EXECUTE), which took the database's share of a poll from about 0.39 to 0.10 ms on PostgreSQL and PGlite's from 1.2 to 0.6 ms. Two API processes behind HAProxy are measured in part 5 ((d), (e)): on these two shared cores a second process brings nothing (the cores are already full), and HAProxy takes its own share; on dedicated API machines run one process (container) per core (docs/deploy.md).",
  ].join('\n');
}
