/** The offline copy's requests and seconds before and after it became one read, written by hand for docs/performance.md (as steps.ts). */
export const COPY_STEPS = `## The offline copy in a handful of requests (session 22)

'Offline beschikbaar maken' for the demo teacher (12 classes, 290 students, 120 portfolio items, 70
files, 13 MB), from the tap to 'Klaar voor offline' (docs/architecture.md, "The offline copy, hop by hop").

| | requests (page and worker, /api/) | seconds |
| --- | --- | --- |
| before: one request per read and per file | 1,126 (the run's own 1,110–1,126) | 12 quiet; 22–26 in the project's own runs; 35–45 in CI |
| after: the copy in one read, its files in 5 bundles | 13 in the bench, 21 in \`tests/e2e/offline-day.spec.ts\` (6 of them the run's; the rest the page's own reads and polls while it ran) | 12.1 in the bench at load 15–16 (its offline warm start took 2.4 s there against 0.36 s quiet: the machine ran about six times slower); 16.5 in the e2e spec at load 13 |
| the next morning, nothing changed | before: 1,110 requests, each a 304 (8–15 s) | 1 request, a 304 (5.7 s at load 13: the server still reads the copy to hash it) |

Where the after's seconds go (server test, in process, load 11): the copy's read is 3.1–3.5 s warm,
7.7 s on a cold process (the e2e and bench servers are cold), of which the 120 portfolio items' details,
still read one by one, are the largest part; then 0.9 MB of entries into IndexedDB and 12.8 MB of
files in 5 bundles. Before the student reads were batched the same read took 12–20 s. The 10 s budget
was not shown on this machine: no quiet run was possible while five engineers shared its two cores.
`;
