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

**Step 4 tried, not merged (session 13, branch \`hooks35\`).** The XSRF, number and upload hooks were
attached only to the routes that need them (an \`onRoute\` hook, server/http/route-hooks.ts on the
branch), so the poll runs none of them. Part 5b, main and then the branch one after the other at
load 0.4–2.2: the 200 poll went from 38 % to 39 % of the bare route (122 → 130 µs CPU per request),
and the 304 from 42 % to 46 % (108 → 112 µs). Both stay within this machine's noise. On the branch,
the profile still puts 76–78 % of the poll in "Fastify and HTTP". Three hooks that return at once
are not where the excess is. Next: a finer profile of that share (the per-request child logger and
request id, @fastify/cookie's onRequest parse on every request, the route's async onRequest and
preValidation), before another step.
`;
