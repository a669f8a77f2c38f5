/** Issue 35's steps for the poll as it ships, written by hand for docs/performance.md (as steps.ts). */
export const POLL_STEPS = `## Issue 35: the poll as it ships

Part 5b (\`npm run bench -- poll\`, scripts/bench/poll-shipped.ts) measures the 5 s poll against the
server started as \`npm start\` starts it: server/server.ts with only HOST, PORT, DATA_DIR and STATIC_DIR
set, so the default log level (info, to a file here), the server's own JWT secret and the PGlite demo
school. The demo teacher signs in through the login form; 5,000 more teachers get real access tokens
from the refresh route. Every figure is printed with the load average; this machine had 2 cores and a
load of 5 to 10 from other engineers all afternoon, so req/s moved by a third between runs of the
same code (the bare route alone: 11,813, 11,745 and 7,291 req/s).

**One teacher cannot be the measure.** The poll limit (poll-limit.ts, issue 29.7) allows one teacher a
burst of 30 and then 1 poll/s: with 20 connections, 99.8 % of one teacher's polls are answered 429.
Part 5b prints the one-teacher cases (c) with their status mix, but the budgets are on 5,000 teachers,
who stay under the limit. A 429 costs the process more than a 304 (172 against 130 µs CPU, before).

**The per-request cost**, from the process's own CPU time (/proc, so the machine's load stretches it
less than req/s) and a \`--cpu-prof\` profile of the same cases split by step (poll-profile.ts):

| | bare route | poll 304 | poll 200 |
| --- | --- | --- | --- |
| before step 2 (15:31, load 5.3; step 3 in), CPU per request | 38 µs | 130 µs (29 % of bare) | 159 µs (24 %) |
| before, req/s as share of bare | 11,745 req/s | 52 %, p99 18 ms | 40 %, p99 23 ms |
| before, log per request | | 2 lines, 328 bytes | 2 lines, 327 bytes |
| after steps 2 and 3 (15:26, load 5.5), CPU per request | 54 µs | 195 µs (28 % of bare) | 214 µs (25 %) |
| after, req/s as share of bare | 7,291 req/s | 43 %, p99 36 ms | 33 %, p99 62 ms |
| after, log per request | | none | none |

Profile split of the 304 poll (shares of the process's time under the profiler):

| step | before | after |
| --- | --- | --- |
| auth (JWT, verified-token cache) | 2 % | 2 % |
| session lookup (poll cache, no query) | 3 % | 3 % |
| rate limit | 1 % | 2 % |
| ETag | 5 % | 6 % |
| logging (pino: two lines, a sync write each) | 13 % (15–19 % in other runs) | 1 % |
| serialisation | 0 % | 0 % |
| security headers | 1 % | 2 % |
| Fastify and HTTP (hooks, parser, the socket write) | 68 % | 74 % |
| GC and other | 8 % | 10 % |

The 200 poll: logging 21 % before, 2 % after. The socket write syscall alone was 25–35 % of the ticks
of every case, the bare route's too (a bare Fastify 304 under the same profiler: 41 of 94 µs).

An A/B of the logging step alone, interleaved on one data directory (the same code with LOG_LEVEL=debug,
so the poll's two lines are written, against info; 5 s per case, rounds info/debug then debug/info, at a
load of 8 to 10): 304 poll 206/143 µs CPU per request without the lines against 162/198 µs with them;
200 poll 149/167 against 171/403 µs. Within this machine's noise: it does not show the step's gain,
nor rule it out; the profile's logging share is the firmer figure.

Steps:

1. **Measure what ships** (part 5b, above). It showed the outside figure: the 304 at 38 % and the 200
   at 25 % of the bare route in the first run (load 6–7), with two info lines (330 bytes) per poll.
2. **The answered poll is logged at debug level** (server/http/request-log.ts, a Fastify LogController):
   a 200 or 304 poll writes nothing at info, a refused or failed one (401, 403, 429, 5xx) one line
   with its method, address and status; every other route logs as before
   (tests/server/request-log.test.ts). Logging's share of the poll fell from 13–21 % to 1–2 %.
3. **Computed once, not per request**: the page size (it copied the whole public configuration per
   poll) and the hash behind each feed ETag (kept per key; a sha256 per poll before).

**Not met, and what is left.** Neither run meets the budgets (304 ≥ 60 %, 200 ≥ 50 %, p99 ≤ 5 ms). By
CPU per request the poll is still 3.5× the bare route, and the profile puts that excess in Fastify's
machinery around our code rather than in it: our own steps (auth, session, rate limit, ETag, headers)
are about 15 % together. Candidates, largest first by the profile: the per-request child logger
and request id (Fastify creates them even when nothing is logged), the four global async hooks every
API request runs (three preHandlers: XSRF, non-finite numbers, uploads; onSend for the security
headers; onResponse for upload clean-up) where the poll needs none but the headers, and the route's own
async onRequest and preValidation. Moving the upload hooks to the upload routes and the XSRF and
number checks to the routes with a body, and the security headers to one precomputed object, are the
next steps; the A/B of logging alone has to be repeated on a quiet machine (load < 1.5) to give a
figure for each.

**Step 4 (session 13 tried it on a branch; merged in session 17, with three more).**

- **Hooks only where they are needed** (server/http/route-hooks.ts, an \`onRoute\` hook). The XSRF check
  is on API routes that take a body. The non-finite-number check is on those and on routes whose
  schema coerces params or query. Upload parsing and its clean-up are on the three upload routes. The
  catalogue's JSON-type check is on routes with a JSON body. The poll now runs none of them.
- **The feed version rides on the request** (a Fastify request decoration), not in a WeakMap keyed
  by the request.
- **The security headers come from one callback hook.** A JSON answer and its 304 get the API policy
  \`default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\`. It is stricter
  and 300 bytes shorter than the shell's, which every document keeps.
- **The cached first page is kept as UTF-8 bytes.** A 200 poll used to measure and encode 7 kB of
  text on every answer.

Two things in the bench changed with it:

- **Each 5,000-teacher case starts with full poll limits** (a 30 s pause).
  - At 13,000 polls/s each teacher polls 2.6 times a second. The first run after the change left
    case (b) with 14,876 answers of 429.
  - Before, (b) began with teachers who had polled too often during (a).
- **The profile counts the socket write as Fastify and HTTP.** Since the headers hook is synchronous,
  the write runs inside its frame.

Part 5b at 09:42–09:50, each run beside the session's starting build (2152433), load 1.4–2.4:

| | bare route | poll 200 | poll 304 |
| --- | --- | --- | --- |
| 2152433, CPU per request | 33 µs | 112 µs (40 % of bare by req/s) | 87 µs (52 %) |
| this step, run 1 (load 1.35) | 34 µs | 94 µs (**50 %**, p99 9 ms) | 89 µs (53 %, p99 9 ms) |
| this step, run 2 (load 2.4) | 29 µs | 107 µs (37 %) | 115 µs (35 %) |

The 200 poll costs about a sixth less CPU (112 → 94–107 µs) and met its share in one run of two.
The 304 did not move beyond the noise: 87 µs before against 89 and 115 µs after, and the second run's
load was higher.

The split of the 304 poll under the profiler, after the step, in µs per request:

| step | µs |
| --- | --- |
| auth | 4.7 |
| session | 2.7 |
| rate limit | 1.3 |
| ETag | 6.5 |
| logging | 3.0 |
| headers | 3.5 |
| Fastify and HTTP | 93 (69 %) |
| GC | 20 |

The self time under "Fastify and HTTP" is mostly the socket write itself (\`writeLatin1String\`, 25–30 %
of all samples). Node's HTTP parser and the request and reply objects come after it. The bare route
pays the same write. The code above Fastify is about 22 µs of the poll's 85–90. So the remaining gap
to the budgets (304 ≥ 60 %, p99 ≤ 5 ms) is not in any one step this code can drop. On this shared
2-core machine the req/s share also swings by a third between runs of the same code.

**Step 5 (session 19): the collector, and multipart's hooks.** Met in two runs.

Why the poll's CPU was three times the bare route's, and its p99 8 ms, came from a run with
\`--trace-gc\`. Under the 5,000 teachers' 304s, every scavenge promoted about 3 MB and paused 5–6 ms,
once every 30–50 ms. A bare 304 route in the same app promoted 0.3 MB and paused 1 ms. V8's sampling
heap profiler, counting only objects that outlived a scavenge, showed whole requests: the request and
reply objects, the socket writes, the child logger. \`--trace-pretenuring\` showed the cause. V8 had
judged some of the poll's allocation sites long-lived (V8's allocation-site pretenuring), so their
objects were made in the old generation. From there they held each request's young objects through
every scavenge, which made more sites look long-lived. Cutting the handler short showed this was not
one line of ours: with the same code, some runs went into this state and some did not.

- **\`server/v8-flags.ts\`**, the first import of server.ts, turns off allocation-site pretenuring for
  the server process. The same run with the flag: 0.35 MB per scavenge, 1.1 ms pauses, p99 3 ms. The
  lasting data here (the poll cache, verified tokens) is filled once and then read, so the server
  loses nothing by it. docs/upgrading.md says what to check on a Node upgrade.
- **@fastify/multipart in the upload routes' own scope** (app.ts). The plugin adds an async onRequest
  hook (a 'close' listener) and an async onResponse hook to every request of the scope it is
  registered in, which was the root. An A/B of this alone, interleaved, gave 46 and 38 µs before
  against 35 and 57 µs after for the 304: within this machine's noise.
- **Part 5b runs its 5,000-teacher cases and the bare route for 8 s** instead of 10. At 18,000
  polls/s each teacher polls 3.6 times a second, and her 30 polls plus one a second run out after
  about 11 s. One 10 s run after the flag had 5 % of 429s among its 304s. With 8 s, both runs below
  had none.

Part 5b, two runs at 15:27 and 15:29 (load 0.7 → 1.2, then 1.2 → 1.9):

| | bare route | poll 200 | poll 304 |
| --- | --- | --- | --- |
| session 18 (load 0.5 → 1.5) | 31,423 req/s, 26 µs | 35 %, 95 µs, p99 8 ms | 38 %, 90 µs, p99 8 ms |
| run 1 | 28,751 req/s, 28 µs | **66 %**, 51 µs, p99 3 ms | **80 %**, 42 µs, p99 3 ms |
| run 2 | 25,183 req/s, 31 µs | **67 %**, 56 µs, p99 3 ms | **63 %**, 61 µs, p99 4 ms |

The collector's threads went from 10–11 µs to 1–2 µs per poll. Under the profiler (run 2, µs per
request), the 304 poll split as follows: auth 2.6, session 1.3, rate limit 0.9, ETag 4.0, logging
1.6, headers 1.7, Fastify and HTTP 47.7 and GC 5.2, against 20 before. The bare route's req/s still
moves by a fifth between runs; the shares held in both.
`;
