/**
 * The steps taken for issue 17 (fast on a cheap tablet), each with the figure measured before and
 * after it, for docs/performance.md. Written by hand: the figures of one bench run cannot say what a
 * change moved, and on this shared machine they move with everyone's load.
 */
export const STEPS = `## Weights the code's comments refer to

Measured on the production build (gzip level 9), issue 17; the code says only why a part waits.

| part | KB gz | waits for |
| --- | --- | --- |
| Dexie | ~30 | every signed-in page: its reads follow IndexedDB through Dexie's liveQuery (\`src/data/follow-local.ts\`, issue 34); on the sign-in page only with held changes |
| DOMPurify | ~11 | preheader HTML beyond text, links and emphasis (\`src/ui/sanitize-html.ts\`) |
| Mantine's ScrollArea + floating-ui (via Mantine's Table) | ~19 | never: tables are plain elements (\`src/ui/table.tsx\`) |
| Menu, Popover, Modal, FocusTrap, ScrollArea, floating-ui | ~45 | the first tap on a header button (\`src/shell/header-tools.tsx\`) |
| @mantine/notifications, @mantine/modals and the Modal behind them | ~25 | the first dialog or notification (\`src/ui/overlays.tsx\`) |
| Mantine's stylesheets: all / the components used | ~41 / ~21 | (\`src/app/mantine-styles.ts\`) |
| Checkbox, NativeSelect, Card, Stack, Title, Grid, ActionIcon, Badge, Avatar (with Input, Paper and hooks) | ~15 | never on a first screen: plain markup with their classes (\`src/ui/plain.tsx\`) |
| dayjs with its Dutch locale | ~3.7 | with the first date a screen shows (\`src/lib/dates.ts\`, issue 34: the design card's date library) |

## Steps of issue 17 (≤ 150 KB gz until idle, Lighthouse ≥ 95)

Measured on 2026-11-24 on this machine while three other engineers ran builds and test suites: every
figure names the load average (1 min) it was taken under. Lighthouse's TBT is wall time, so on a machine
with a load of 5 to 13 on 2 cores it is inflated and jumps by seconds between runs; the byte figures and
the CPU-time estimate of part 2b do not depend on the load, and are what the steps were judged by.

Before (main at 5ed4123): until idle /login **244 KB gz over 45 files**, /index **273 KB gz over 73 files**
(load 5.7); Lighthouse median of 3 (load 0.2 rising to 8.8 during the run): /login 91 (TBT 257 ms),
/index 73 (990 ms), /classrooms 80 (822 ms), /portfolios 69 (1676 ms), /wishlist 78 (881 ms); blocking
(est., CPU × 4, part 2b, load 7): /login 202 ms, /index 232 ms, /portfolios 285 ms.

1. **Every render that is not a reply to a tap is a transition** (the first render in main.tsx, the
   session becoming known, a deferred part mounting, a cached read arriving from IndexedDB through
   data/use-live.ts instead of dexie-react-hooks). React then renders in slices of a few milliseconds and
   yields between them, where it rendered a whole page in one task. Lighthouse, same build before and
   after in alternation, 3 rounds of one run each (load 5–9), median TBT: /login 807 → 315 ms, /index
   3252 → 1562 ms, /portfolios 1779 → 640 ms.
2. **The notifications and modals host loads when first needed** (a dialog asked for, a notification
   shown) instead of on every page once idle; the offline band is a small module of its own (no Popover,
   no Dexie); the update prompt renders once a user is known. /login 244 → 188 KB gz.
3. **A signed-out page loads no Dexie:** the configuration is written to IndexedDB at sign-in instead of
   on the sign-in page, and the worker is registered directly (installable, precaching) while
   workbox-window and the outbox wait for a user. /login 188 → 156 KB gz.
4. **Smaller entry:** the sign-in page's modules take the session's endpoints instead of the whole
   catalogue (endpoint ids moved to data/endpoint-ids.ts), the token refresh code loads when a refresh
   is needed, and back-to-top loads on the first scroll. /login 156 → 151.5 KB gz over 21 files;
   /index 273 → 261 KB gz.
5. **The preheader's HTML is sanitised once per string:** DOMPurify rebuilt its configuration on each
   of its up to five passes, on every render of the shell. After steps 1–5, blocking (est., CPU × 4,
   load 7–13): /login 202 → 59 ms, /index 232 → 110 ms, /portfolios 285 → 84 ms.

6. **The notifications' stylesheets load with their host** (Mantine's Notification.css and
   @mantine/notifications' styles.css: nothing else renders them, and no app CSS overrides them).
   /login 151.5 → 150.9 KB gz (measured after the bench run below, which still has 151.6).

**Second session (2026-11-24, 10:25–11:50), the design step.** Before, on this branch's base (dffdfa8,
bench at 10:25, load 0.0 rising to 10.3): until idle /login **189 KB gz over 24 files** (the offline-day
work had brought Dexie back to the sign-in page), /index **267 KB gz over 70 files**; Lighthouse median of
5: /login 91 (TBT 279 ms), /index 86 (527 ms), /classrooms 78 (442 ms), /portfolios 83 (696 ms), /wishlist
80 (831 ms); blocking (est., CPU × 4): /login 57, /index 99, /classrooms 77, /portfolios 92, /wishlist
101 ms. Each step below was built on its own and measured with \`npx tsx scripts/bench/until-idle-only.ts\`
(bytes do not depend on the load).

7. **The offline copy's cancel loads when a session ends** (data/auth.ts imported data/offline-copy.ts for
   sign-out, and with it the preparation, the catalogue it plans from, dexie-react-hooks and Dexie).
   /login 189 → 151.9 KB gz over 23 files; /index 267 → 268.7 (the same files, split differently).
8. **The preheader without DOMPurify when it is text, links and emphasis** (src/ui/safe-html.tsx): the
   configured HTML is parsed in an inert document and shown only if every element is one of a, b, br,
   em, i, small, span, strong, u, with no attribute but a link's href (http, https, mailto, tel) and
   title; anything else goes through DOMPurify, now a chunk of its own loaded only then. /login 151.9 →
   **140.9 KB gz** (met); /index 268.7 → 257.7.
9. **The header's menus on the first tap** (src/ui/on-first-tap.tsx): the sync status, the school
   selector and the avatar render plain buttons; the first tap loads the Popover or Menu (and the
   'Niet verzonden' Modal, the device items with their Switch) and taps the loaded button, so one tap
   still opens it; the download starts on pointerdown. /index 257.7 → 229.5 KB gz over 63 files.
10. **Tables as plain elements with Mantine's classes** (src/ui/table.tsx; the stylesheet stays, a test
    compares its markup with Mantine's Table): Mantine's Table imports ScrollArea for its scroll
    container, and ScrollArea floating-ui. After step 9 they were the last users of floating-ui on a
    page's load. /index 229.5 → **210.8 KB gz over 61 files**; every page with a table loses the same
    ~18 KB. The licences page keeps Mantine's Table (it colours rows with a style prop).
11. **One loading overlay** (src/app/loading-overlay.css): index.html's static overlay and the
    component share global classes instead of two copies of the rules, the component renders Mantine's
    Loader by its classes (no Loader or Text JavaScript in the overlay), and its text line keeps its
    height while the text goes during the fade-out. /login 141.5 → 141.0, /index 210.8 → 210.3 KB gz.
    The logo's layout shift (0.155 and 0.197 in 2 of 20 signed-in Lighthouse runs of the base, 10:25)
    did not come back in the 20 signed-in runs after it (10:49, load 10–14).

After steps 7–11 (bench at 10:49, load 14.8 rising to 18.4, the other engineers' suites running): until
idle /login **141 KB gz over 26 files (met)**, /index **210 KB gz over 61 files** (60 over); offline warm
start 391 ms (met; runs 345–501). Lighthouse at that load says little (TBT 0.6–1.6 s, performance 74–82,
the same builds swinging by seconds between runs). Part 2b, the base and this build alternately, 2 rounds
of 3 runs each at load 13–15 (blocking est. per run, ms): /index base 113, 182, 163, 124, 98, 123 → after
96, 92, 115, 83, 86, 76; /login base 263, 85, 89, 262, 238, 264 → after 358, 265, 264, 43, 81, 239 (no
change beyond the noise: a signed-out page has no header tools or tables).

The full \`npm run bench\` of 11:04 (the tables above) ran at load 13 rising to 28: its bytes hold (141 / 210
KB gz), its timings do not (offline start 1884 ms, outbox replay 41 s, Lighthouse TBT 0.6–3.4 s). Part 2
and part 3 again at 11:21 (load 5.3 rising to 11.7; the machine was not quieter at any time after 10:25):
Lighthouse median of 5 /login 79 (TBT 730 ms), /index 70 (2542 ms), /classrooms 76 (1166 ms), /portfolios
78 (947 ms), /wishlist 73 (1772 ms); offline warm start 369 ms (met; runs 319–1036). Lighthouse on an idle
machine is still needed to judge the TBT budget: part 2b's CPU-time estimate of the same build is 57–96 ms
on the signed-in routes.

The offline warm start did not get slower: the build before and after, alternately, 3 rounds of 5 runs
each (load 4–7): medians 250 / 359 / 592 ms before, 237 / 283 / 288 ms after. Part 3 below (448 ms,
runs 273–745) was taken at load 8.

**Third session (2026-11-24, 11:36–12:35).** Before, on this branch's base (8a6c5b3, \`until-idle-only.ts\`):
until idle /login **141.4 KB gz over 25 files**, /index **212.1 KB gz over 61 files**.

12. **The offline copy's keeper loads with a copy to keep** (data/offline-copy-state.ts): the header's
    sync status reads the copy's state (offline/prepare-state.ts, without the run) and, only when this
    device has a copy, loads data/offline-copy.ts to resume a cut-off run or refresh a day-old copy.
    The run, its plan and prepare.ts load then, on the panel's tap or for a school switch (the shell's
    data and the worker registration take their area's endpoints, not the catalogue). /index 212.1 →
    **208.8 KB gz over 60 files**; the header's tools chunk with its imports 53.5 → 50.3 KB gz, the sync
    panel on its first tap 108.4 → 109.5. The catalogue itself stays on /index: the dashboard page and
    the outbox's replay (findEndpoint) use it.
13. **The exams screen opens kept files through data/offline-files.ts** instead of data/offline-copy.ts:
    what the route adds 58.5 → 53.8 KB gz.
14. **A stored answer is shown once the queued changes are known** (data/use-read.ts): it was painted as
    soon as its row came from IndexedDB, and the outbox's list a moment later, so after a reload with a
    change still waiting the old value flashed before the change (a vote shown as not cast, then cast;
    tests/e2e/first-paint.spec.ts failed on the base; at integration it still failed in about half the
    runs, cause not found yet, so it is marked fixme). No byte change; it is also what the first paint
    without Dexie (below) needs. /index 208.9 KB gz with 12–14. The offline warm start (part 3 alone,
    \`BENCH_STATIC\`, the base and this build alternately, 4 rounds of 5 runs, load 6.5–8): medians base
    982 / 720 / 348 / 290 ms, after 923 / 1097 / 376 / 291 ms, no change beyond the noise (the list is
    one IndexedDB read beside the answer's).

**Fourth session, the dashboard and the shell's first load (2026-11-24, 13:57–15:20).** Before, on this
branch's base (b0f4e5a, \`until-idle-only.ts\`): until idle /login **141.4 KB gz over 25 files**, /index
**209 KB gz over 60 files**. Each step built and measured on its own; the screens were photographed in
Chromium at 1024×768 and 768×1024 on the base and after steps 18 and 19 and compared pixel by pixel: the same,
but for the header's avatar (one of five, picked at random per session).

15. **The dashboard's first screen without Mantine's JavaScript where plain markup looks the same**
    (src/ui/plain.tsx, touch-checkbox.tsx, native-select.tsx; the grid in dashboard-page.module.css; the
    feed's spinner by Loader's classes): Checkbox, NativeSelect, Card, Stack, Title and Grid render as
    plain elements with Mantine's class names, variables and data attributes; the stylesheet stays.
    tests/client/plain-mantine.test.tsx renders each beside Mantine's and compares the markup, and
    checks the label, the change and the indeterminate state. /index 209 → 197.3 KB gz over 44 files
    (Checkbox, InlineInput, Input, InputBase, NativeSelect, ComboboxChevron, CheckIcon, Card, Paper,
    Stack, Title and their hooks).
16. **Dates without dayjs** (src/lib/dates.ts): the app only formats; dayjs with its Dutch locale was
    3.7 KB gz on every page with a date, the written-out formatter 0.5 (a test compares both on the
    server's forms). /index 197.3 → 194.1 KB gz.
17. **ActionIcon, Badge and VisuallyHidden the same way** (the class codes' copy buttons, the check
    requests' hint buttons, the header's and the wishlist tab's counts). /index 194.1 → 192.3 KB gz over
    42 files.
18. **The small shared parts of a list page in one chunk** (vite.config.ts, a \`codeSplitting\` group
    'lists': the plain stand-ins, the table, dates, plural, a few icons; its captured modules do not
    pull their imports along, so Mantine's Text stays in the entry). /index 192.3 → 190.5 KB gz, **42 →
    32 files**; /login 141.3 → 141.1 KB gz over 25 files (unchanged).
19. **The header's avatar by Avatar's classes:** the header tools chunk 4.9 → 3.3 KB gz. /index 190.5 →
    **189.1 KB gz over 32 files**.

Main thread after steps 15–19 (part 2b alone, \`BENCH_STATIC\`, 3 runs each, the base and this build
alternately, load 9–13): /index blocking (est.) base 100, 91, 107 ms → after 61, 54, 47 ms; all its
main-thread CPU time × 4 1510, 1484, 1403 → 1369, 1234, 1212 ms. /login is bimodal on this machine in
both builds (base 58, 58, 46, 53 ms; after 213, 62, 239, 59; the build with steps 15–17 and 19 but not
18, once: 305), as at step 11: no change from these steps, which do not touch the sign-in page.

What is in /index's 189.1 KB gz now: the entry 84.6 (react-dom, Mantine's core components of the shell,
valtio, wouter, the app), Mantine's CSS 20.1, Mantine's Box, theme provider, Loader, Transition and
UnstyledButton 12.6 (Button's), the dashboard 6.4, the 'lists' chunk 5.1, the header tools 3.3, React's
own chunk 3.0, and the offline and data layer (Dexie 31, session 3.9, the worker registration 3.2, the
outbox client 2.8, the catalogue 2.6, give-up 1.8, use-read 1.7 and smaller ones, ~50 in all).

**Fourth session, Dexie out of a signed-in page's first load (2026-11-24, 13:57–15:20, a second engineer beside the first).** Before, on
this branch's base (b0f4e5a, until-idle-only.ts, both builds in the same minutes): /login **141.4 KB gz
over 25 files**, /index **209.0 KB gz over 60 files** (the lead's idle-machine figure of the same base:
214 KB over 61).

20. **The page reads IndexedDB without Dexie** (data/local-store.ts, local-changes.ts, use-local.ts):
    the cached answer of useRead with the queued changes from one transaction, the pending list, the
    header's counts, the offline copy's state and start-up's meta rows are raw reads, re-read when
    Dexie (worker, other tabs, this page) announces a change on its BroadcastChannel or window event;
    the page's own raw writes (readThrough without a worker, config and user, the XSRF token) are
    announced in Dexie's shape. The replayer (outbox-client, Dexie, tokens, locks) loads when something
    is to be sent (data/replayer.ts), and the feed's read mark goes straight to the server while
    online with nothing queued (it loaded Dexie on every dashboard start with unread activities).
    /index 209.0 → **178.5 KB gz over 62 files** (load 6–10), no Dexie, outbox, tokens or locks chunk;
    /login 141.4 → 141.8 KB gz (the raw store and the replayer's watch are chunks of the signed-in
    start; the entry's map of preloads grew). The give-up chunk still on both routes is rolldown's name
    for the catalogue's shared helpers (1.4 KB gz), not the outbox.
21. **The waiting vote paints from the first paint** (tests/e2e/first-paint.spec.ts, fixme removed):
    with the answer and the queued changes read together the votes read was right, but the wishlist's
    cards painted from the ideas read before the votes read answered (two reads, each in its own
    transition), so a cast vote showed as not cast once. The cards now wait for the votes
    (features/wishlist/use-wishlist.ts). Failed 6 of 6 with step 20 alone, passes 6 of 6 with it.


**Fourth session, the lead's steps and the integration (2026-11-24, 13:46–15:40).** Found on an idle
machine before the round (13:47, load 0 rising to 2.6 with the bench itself, main at 95a50db): Lighthouse
median of 5 /login **96 (TBT 54 ms)**, /index 87 (369 ms), /classrooms 85 (392 ms), /portfolios 90
(395 ms), /wishlist 92 (282 ms); offline warm start 296 ms, outbox replay 5.8 s (both met). Part 2b with
the JavaScript of each long task named (\`BENCH_DEBUG=1\`, v8 samples; \`scripts/bench/dom-commits.ts\`
lists what each DOM change inserted): the long tasks of a signed-in load were the entry's evaluation
(25–30 ms CPU, half of it inserting ~60 modulepreload links), React commits of whole tables (one
commit inserted 400 elements on /classrooms), Dexie's first queries, and renders that valtio and
useSyncExternalStore make synchronous.

22. **React and the app evaluated each in a task of its own** (main.tsx imports react-dom/client and
    app/start.tsx side by side; the session check and the route's preload start from start.tsx, the
    preload in a task of its own). Blocking (est.) /index 90 → 44 ms; the entry's task left the long
    list. Costs 3.6 KB gz on /index (the two graphs share chunks; 151.3 without it at the end).
23. **Lists commit a few rows at a time** (src/ui/sliced.tsx in DataTable's body and the wishlist's
    cards): the first slice with the screen, the next ones in transitions, the rest's place held at
    the height of the rows already shown (measured before the first paint), so nothing below moves.
    /classrooms blocking (est.) 77 → 3–20 ms (load 9–14).
24. **The signed-in page mounts in a deferred render** (useDeferredValue in RequirePortal): the session
    becoming known is a valtio change, rendered synchronously; the page mounting inside it was one task.
25. **Mantine's stylesheets of components no first screen shows come with the modules that render them**
    (src/ui/mantine-styles-more.ts: menus, popovers, modals, tabs, selects, switches, accordions,
    progress, radios, tooltips; a client test checks both lists and every importer): the first load's
    CSS 19.0 → 13.1 KB gz; /index 162.5 → 156.7, /login 144.8 → 138.9 KB gz.
26. **workbox-window loads when an update waits** (src/data/worker-registration.ts registers with the
    browser's API and hands over to workbox-window once a worker is installed and waiting), and **the
    dark colour scheme's rules are dropped** (postcss.config.mjs; MantineProvider forces light): /index
    156.7 → 153.9, /login 138.9 → 138.0 KB gz.
27. **Layout shifts of a load:** main is at least a screen high, so the footer starts below the screen
    instead of moving down it (/portfolios CLS 0.096 → 0–0.03); the classes page's student sections
    and the dashboard's side column render once the list above them has answered (/classrooms
    0.178 → 0–0.05).

After steps 15–27 together (15:20, load 1.5–2.6): until idle /login **138.0 KB gz (met)**, /index
**153.9 KB gz (not met, 3.9 over)**. Lighthouse, 3 runs each: /login 99 (TBT 106 ms), /wishlist 97–98
(TBT 131–153 ms), /classrooms 97 (195 ms), /portfolios 97 (208 ms), /index 88 (TBT 98 ms, but CLS 0.23 in
2 of 3 runs, see below). Part 2b: blocking (est.) 5–20 ms on every route.

Fifth session (17:00–18:40, this machine idle but for the bench, load 1–1.7; Lighthouse 5 runs unless
said). Before it, on 7bdf728: until idle /login 138.0, /index 153.9 KB gz; Lighthouse /portfolios 94
(TBT 293 ms), /index 98 (179), /classrooms 98 (168). Each Lighthouse run's trace was kept
(\`BENCH_TRACE=1\`) and its tasks compared with their CPU time: the renderer's main thread ran
for about half of each long task's wall time, and Chromium's compositor (the GPU process's
VizCompositorThread, software compositing here) used 700–950 ms of CPU per load of /portfolios against
the page's own ~300 ms.

28. **A \`signed-in\` chunk group** (vite.config.ts): the data layer, the endpoint definitions and the
    shell's data parts of signed-in pages in one file instead of seventeen, with no import cycle between
    chunks (checked over the build's static imports). /index until idle 153.9 → 148.7 KB gz, 45 → 28
    files; /login unchanged (137.9).
29. **The start-up overlay without its full-screen backdrop blur** (kept, 5 px, when the overlay shows
    over a page; docs/decisions.md). The blur was composited anew on every frame of the load (the
    progress bar, the spinner, each slice of the page beneath). Compositor CPU per /portfolios load
    800–950 → 225–245 ms; Lighthouse 3 runs, /portfolios TBT 308 → 141 ms, /index 230 → 78 ms. Moving
    the blur to a layer of its own under the animated parts, or dropping it only during the fade,
    did not help (viz 700–800 and 450–630 ms).
30. **No modulepreload lists for lazy chunks** (\`build.modulePreload: false\`; their CSS still loads
    with them). Vite listed every chunk a lazy import needs, also those already running, and the
    page's preload appended ~40 links in one task; on every signed-in start the worker answers from its
    precache, so the waterfall they spared costs little. /login 137.5 → 134.9, /index 147.9 → 144.2 KB
    gz; TBT /index 56, /classrooms 85, /wishlist 58, /login 17 ms; the LCP of /login's first visit
    (no worker yet) 958 → 1250 ms, score still 100.
31. **The portfolio page's first commit lighter:** a folded filter renders its checkboxes once
    unfolded (on a portrait tablet all four start folded), and the activity rows come in slices.
    /portfolios TBT 185 → 151 ms.
32. **Lazy parts as state, not Suspense** (src/ui/use-loaded.ts for pages, the shell's deferred parts,
    the overlays host and first-tap menus). The longest task left was a timer of React's: a Suspense
    boundary that showed its fallback holds back what it reveals until 300 ms after it, then commits
    all that was revealed in one task (15–19 ms CPU, 30–41 ms wall here, the page with the shell's
    parts). Now each part renders in its own transition when its code is there, and a first-tap menu
    opens without that wait. /portfolios TBT 151 → 64 ms, /index 69 ms; a page whose code cannot be
    fetched shows 'Deze pagina kon niet worden geladen…' with 'Opnieuw proberen' instead of a blank
    screen.

Tried and left out, with the figure:

- A \`codeSplitting\` group over every module with \`entriesAware\` (modules grouped by the entries that use
  them, small groups merged into the nearest): /index 192.3 → 199.3 KB gz over 49 files (merge threshold
  0), 249.4 over 55 (2 KB), 277.1 over 39 (8 KB); /login 141.3 → 146.6, 145.2, 268. The merging joins
  code that no entry needs together (step 18 groups by name instead).
- The signed-in shell's deferred parts (header tools and buttons, the shell's data, the wishlist count,
  the update prompt) as a second named group: /index 189.1 → 189.0 KB gz, 32 → 29 files, but the
  dashboard and tablet-layout browser tests then failed (the page or the header tools never rendered).
  The group and the header tools' chunk import each other, and with the group's imports left where
  they were, which deferred part asked first decided the evaluation order. The 'lists' group has no
  such cycle: its modules import only the entry, Mantine, React, icons and each other.
- The activity table's rows without Mantine's Anchor, Text and Group (plain markup with their classes,
  as step 15): no change in the main thread (part 2b alone, /index, the two builds alternately, 2 rounds
  of 3 runs at load 4–7: blocking est. 48, 61 ms before, 51, 62 after; all CPU × 4 1197, 1306 → 1220,
  1249 ms), and 0.2 KB gz more. The rows beyond the first ten render in a transition already.
- floating-ui in a chunk of its own: Mantine's ScrollArea (which Table imports) takes useMergeRefs from
  @floating-ui/react, so every table still loads it, now as one file more (/index 261 → 263 KB gz).
- One "framework" chunk for react, react-dom, valtio, wouter and the Mantine components of the first
  screen: fewer files (21 → 8) but /login 151.5 → 152.8 KB gz (it took components the sign-in page
  does not use).
- The React Compiler (babel-plugin-react-compiler through @rolldown/plugin-babel, in the build and the
  client tests): blocking (est.) no change beyond the noise at load 14 (/index 30, 89 ms with it; 136,
  17 without), +3.3 KB gz on /login, and the client suite 2–3 times slower. Taken out again.

What is left:

- **Bytes:** both routes are under 150 KB gz (after step 32: /login 134.9, /index 144.5). The largest
  parts left are react-dom (62.7 + 4.0), the app and the shell's Mantine (18), Mantine's CSS (13.6) and
  Mantine's Box/Loader/Button core (11.4).
- **A first visit's waterfall:** without the preload lists (step 30) the sign-in page's chunks arrive
  one level of imports after the other. Per-route \`Link: rel=modulepreload\` headers from the server for
  a visit without the worker would give it back without a task in the page.
- **The compositor on this machine:** without a GPU, the spinner and the progress bar of the start-up
  overlay still cost the compositor ~230 ms of CPU per load (part 2 runs Chromium with --disable-gpu).
  Lighthouse's TBT here is wall time on two shared cores; part 2b gives the page's own CPU time.

## Issue 34: live reads through Dexie's liveQuery (/index ≤ 190 KB gz until idle, /login ≤ 175)

Measured with \`npx tsx scripts/bench/until-idle-only.ts\` on builds of the same machine, minutes apart
(2026-11-26, load 2–4 from other engineers' work; the byte counts do not depend on the load).

- **Before** (the branch's base, 2d7598a): /login **159.6 KB gz over 47 files**, /index **154.0 KB gz
  over 35 files**. Both were already above the old 150 KB budget (the figures table above, 135 and
  145, is from an older bench run).
- **Everything through Dexie** (live reads, the page's stored reads and its start-up meta rows written
  through Dexie, the sign-in page's held-changes count followed live): /login 190.7, /index 185.0.
- **After** (live reads through Dexie; start-up's meta rows written raw, no screen follows them; the
  sign-in page counts held changes once without Dexie and follows them only when there are some):
  /login **159.9 KB gz over 49 files** (met), /index **185.3 KB gz over 39 files: not met, 10.3 KB
  over**. The difference on /index is Dexie itself (the \`db\` chunk, 31.6 KB gz, 30.2 of it Dexie);
  the rest of /index is react-dom 62.8, Mantine's core 19.4, Mantine's CSS 14.6, dayjs with nl 3.5 and
  the app's own modules (none over 1.3).

Dexie cannot wait past the first paint: a signed-in page shows what the worker stores (its refreshes,
its replays, the offline copy's progress), and only a liveQuery that is subscribed hears that. The
175 KB budget was set when /index stood at 145; at today's 154 it leaves 21 KB for a 31 KB library.

- **Session 14:** merged with main (the constants module, which the build now inlines): /login
  **159.3 KB gz over 50 files**, /index **185.4 KB gz over 41 files**. /index's budget is 190 from here
  (docs/decisions.md gives the choice); the sign-in page's held changes, followed through
  dexie-react-hooks' \`useLiveQuery\`, load in a chunk of their own only when there are some.

## Charts on 'Voortgang': a budget of their own (issue 32)

- **Reading (vite build, gzip level 9):** the lazy chunk of the charts (\`src/ui/chart-bars\`:
  @mantine/charts' BarChart, recharts 3 with redux toolkit, immer, reselect, es-toolkit, decimal.js-light
  and the d3 parts of victory-vendor, and its CSS) is 130.1 KB gz. Recharts with those dependencies
  alone, put in a chunk of its own to measure, is 123.1 KB gz; @mantine/charts and our two charts are
  the other ~5 KB. No split of it meets the 60 KB per lazy chunk, and several chunks summing the same
  would only hide the number.
- **What keeps it off the first look:** the Voortgang page chunk (heatmap, legend, filters) is ~10 KB
  gz. The charts' captions and screen-reader tables are in it; the drawing is imported only after the
  heatmap is shown, when a chart's figure comes within 200 px of the viewport (src/ui/use-in-view.ts,
  src/ui/chart-figure.tsx). No other page imports it, and /login and /index never load
  it (their until-idle budget is unchanged). tests/e2e/progress.spec.ts checks that the file holding
  recharts is not requested until the teacher scrolls to the chart.
- **The check:** scripts/bench/bundle.ts gives \`src/ui/chart-bars\` its own limit of 135 KB gz by
  name (\`OWN_BUDGETS\`, with the reason in the figure's note); every other lazy chunk keeps 60 KB, and a
  named budget whose chunk is gone is reported as over budget rather than kept silently.

## The heatmap's render: no task over 50 ms (issue 32)

- **What is measured (part 2b, \`tap on Voortgang\`):** the dashboard is loaded and left to settle, a
  performance mark is set and 'Voortgang van deze klas' is clicked from the page itself, and the trace
  runs until the heatmap's first row is there and 2 s after. The figure is the longest main-thread task
  after the mark, in CPU time on this machine (median of 3). Until session 12 the bench took the longest
  task of a cold load of /classrooms/progress/1 (126 ms): that was the app's start (react-dom's first
  render), the same on every route, not the heatmap. Playwright's own role queries and click checks
  run in the page too (100–150 ms on the dashboard's DOM), so the bench clicks through
  \`element.click()\` after the mark and waits with a CSS selector.
- **Before (session 12, the demo's class 1B, 30 students × 44 lessons):** the tap's longest task was
  one rendering update of 96–137 ms CPU: style 28–41 ms, layout 44–64 ms, paint 15–21 ms, for ~2,000
  elements (an automatic table layout over every cell, and three elements in each empty cell: a div,
  the symbol and a visually hidden text).
- **What changed:**
  - \`table-layout: fixed\` with a \`<colgroup>\` of the columns' widths (the name column 11rem, 9rem on a
    phone; long names end in '…' with the full name as title);
  - one element per empty cell (\`<span role="img" aria-label="Niet begonnen">–</span>\`);
  - the rows drawn six per frame, each batch after a paint (\`useRowsDrawn\` in progress-heatmap.tsx):
    the first screenful at once, the rest within a few frames;
  - the charts wait for the last row. With a short heatmap on screen, they came within 200 px of the
    viewport and drew (below) between its rows.
- **After:** 22 ms median longest task (tasks of 25–37 ms CPU, each a batch of rows; load 5–7 from
  other work). Module names that are wider than their lessons wrap between words.
- **Left, noticed:** drawing the two charts, once the teacher scrolls to them, is one task of
  270–380 ms CPU on this machine (recharts 3 renders and measures in React's commit; the mount is
  already in a transition). It is below the first screen and runs once per visit, but a slow tablet
  stutters for about a second there. Drawing one chart at a time, or fewer bars (a module's lessons at
  a time), would shorten it. It has no budget yet.

## Issue 32's budgets, session 12 (quiet machine, load 1.3–2.9)

| Budget | Run 1 | Run 2 | Budget |
| --- | --- | --- | --- |
| Progress read 30×44, PGlite p99 | 28 ms (p50 16) | 32.9 ms | ≤ 50 ms |
| Progress read 30×44, PostgreSQL p99 | 42.5 ms (p50 28.4) | 46.1 ms | ≤ 50 ms |
| Tap on Voortgang, longest task (CPU) | 22 ms (load 5–7) | 21 ms | ≤ 50 ms |
| Until idle /login, /index | 160 / 154 KB gz | — | ≤ 175 / 190 KB gz (issue 34; docs/decisions.md) |

- The PostgreSQL read was 54 ms p99 before its two queries ran side by side (session 12; the days'
  counts and the class's rows, \`Promise.all\` in server/areas/portfolios/progress.ts).
- The demo method has 44 lessons, so the read and the heatmap are measured at 30 × 44, not 30 × 60.

## Offline start measured again (session 13)

**Session 13 (2026-11-26, Chromium 156.0.8078.108, load 1.5–4):**

| Build | Runs | Median |
| --- | --- | --- |
| main, first run | 404–548 ms | 481 ms |
| main, second run | 776–993 ms | 850 ms |
| packages34 | 571–807 ms | 656 ms |
| d8b972a (the commit measured at 168 ms above), same hour | 512–628 ms | — |

So the gap comes from the machine, not from the code since d8b972a. The runs of 11-24 used Chromium
156.0.8078.79. The budget (≤ 400 ms) is not met on this machine today; what part 3 proposes
still stands.

## Lighthouse on a quiet machine, and the dashboard's layout shift on a phone (session 16)

**Session 16 (2026-11-27, 06:30, load 0.5 before, Chromium 156, 5 runs each, build bd54760):**

| Route | Performance | TBT | CLS |
| --- | --- | --- | --- |
| /login | 89–99 (median 97) | 124–442 ms (203) | 0 |
| /index | 76–89 (84) | 63–338 ms (233) | **0.23–0.34** |
| /classrooms | 85–98 (94) | 163–590 ms (293) | 0.01 |
| /portfolios | 88–94 (91) | 279–494 ms (369) | 0.03 |
| /wishlist | 91–99 (95) | 139–373 ms (258) | 0.01 |

- The 1–1.5 s TBT of sessions 14 and 15 was mostly the machine's load: the same build on a quiet machine gives 0.1–0.6 s.
  Lighthouse's host benchmark (benchmarkIndex) moved between 1,500 and 2,600 from one run to the next.
- **A control:** a page with no script at all, under the same Lighthouse settings, still shows 100–200 ms
  of main-thread work ('Other') and in four of five runs one task of 53–110 ms; TBT 0–38 ms. That much of
  every figure above is Chromium's own work here, not the app's.
- **/index's CLS:** on a phone (Lighthouse mobile is 412 px wide) the dashboard's side column sits below
  the feed; it showed at once, and the feed's rows pushed it down the screen. Issue 30 had dropped the
  wait for the feed that step 27 added, because on a portrait tablet the side column moved above the
  feed. The wait is back for phones only (a media query in dashboard-page.module.css). /index, 5 runs,
  load 1.6–3.4: **CLS 0.01 in every run**, performance 90–99 (median 93, was 84), TBT 106–402 ms.
  tests/e2e/dashboard.spec.ts 'on a phone the side column waits below the feed' measures the reload's
  layout shift: 0.258 before, 0.021 after.
- What keeps TBT over 150 ms: tasks of 50–290 ms (simulated 4× slower) in the React/Mantine chunk
  spread over the first 1.5 s of each signed-in route, i.e. the rendering of the data as it arrives.

## Lighthouse judged on every run, and each run's TBT by CPU time (session 18)

Issue 35 asks for TBT ≤ 150 ms and performance ≥ 95 in **every** one of 5 runs, not in the median.
Part 2 now judges each budget on the worst run (the highest TBT, the lowest score) and prints the
median and every run beside it. It also reads each run's own trace a second time, with every task at
its CPU time × 4 instead of its wall time (part 2b's estimate): the page's own work, which other
processes' load hardly stretches.

Session 18, 11:44, load 2.0 falling to 0.9, build 7167d1a, 5 runs each:

| Route | Performance, lowest (runs) | TBT, highest (runs) | TBT by CPU time, highest (runs) |
| --- | --- | --- | --- |
| /login | 98 (100, 100, 98, 99, 100) | 166 ms (49, 90, 166, 127, 46) | 24 ms (0, 9, 24, 0, 2) |
| /index | 93 (97, 99, 93, 96, 99) | 327 ms (182, 135, 327, 239, 102) | 101 ms (46, 74, 68, 101, 44) |
| /classrooms | 93 (97, 95, 99, 96, 93) | 328 ms (186, 253, 142, 240, 328) | 80 ms (80, 42, 80, 55, 62) |
| /portfolios | 94 (96, 98, 94, 97, 99) | 300 ms (228, 168, 300, 202, 147) | 42 ms (25, 30, 42, 31, 39) |
| /wishlist | 94 (98, 94, 98, 99, 96) | 293 ms (165, 293, 158, 98, 218) | 43 ms (41, 21, 8, 43, 31) |

- **By its own work every run of every route is under 150 ms** (the highest is /index at 101 ms).
  By wall time none of the five routes is under it in all five runs. The median alone met it on
  /login and /index, which is why the bench's old 'met' said more than the issue's budget.
- **Where the wall time goes.** In one /wishlist trace the main thread's tasks took 932 ms of wall
  time and 477 ms of CPU. One task of 54 ms wall had 19 ms CPU. Two cores are shared by the renderer,
  Chromium's browser and GPU processes, the app server, Lighthouse and whatever else runs on the
  machine. Running the app server at the lowest priority (nice 19) changed nothing visible: in two
  runs each with and without it, /wishlist's TBT went from 36 to 560 ms under the same conditions.
- **The largest piece of the page's own work** is on /index: one task of 30 ms CPU (120 ms at 4×),
  React's commit of the feed with the first layout of the page. 'Sliced' measures its first rows'
  height in a layout effect, so that the rest keeps its place without a layout shift (commit 1366524), and
  that forces the page's first layout into this task. Measuring after the paint would split the task
  in two, at the cost of the layout shift that the measurement was added to prevent. Left as it is:
  the route is under the budget by its own work.

## Which of React's renders are the long tasks (session 20)

A Lighthouse trace names a long task by its script ('FunctionCall' in React's chunk), not by what React
did in it. Session 20 traced each signed-in load of an unminified build at 4× CPU with the sampling
profiler in the trace, and split every task over 50 ms by React's phase: a render in slices
(renderRootConcurrent), a render in one piece (renderRootSync), the commit, and the effects flushed
with it.

- **A transition renders in slices of 5 ms and yields between them**, by wall time, so a busy machine
  does not lengthen a slice. What React renders outside a transition it renders in one piece, with
  its commit and often its effects in the same task. The long 'FunctionCall' tasks were those renders.
- **Three were ours** (commit ebf4b43):
  1. \`Sliced\` stored its measured row height in a layout effect. A state update there is rendered at
     once: the shown rows again (60 to 300 components) plus every effect of the commit (each read's
     first fetch), all in one task. The placeholder now takes the height directly, and the state
     follows in a transition.
  2. The queued changes reached the screens through \`useSyncExternalStore\`, which React always
     renders at once. On /wishlist the read marks change the outbox on opening: each change
     re-rendered every screen with a cached read (319 to 464 components) in one task, three times in
     one load. They now arrive in a transition, and a list equal to the last one is not handed on.
  3. State set after an answer outside a transition: useRead's loading flags, the feed's merged rows,
     the portfolio's page counts. React renders such an update whole (its default lane). They are
     now transitions, like the answers themselves.
- **One is not ours.** Mantine's \`useId\` sets state in a layout effect when a component with an id
  mounts: inputs, tabs, switches, alerts, collapses, a modal and its portal. So every commit that mounts
  one is followed by a render in one piece and the effects of that commit: 33 to 67 components at the
  shell's first mount on /portfolios. Left: only a patch of Mantine would remove it.
- **Figures.** Part 2b (by CPU time), the base and this build alternately, 3 rounds of 3 runs
  (18:15, load about 1.5). Median blocking:
  - /index 71 → 58 ms;
  - /wishlist 60 → 30 ms, and its longest task 103, 90, 73 → 69, 68, 67 ms;
  - /classrooms 35 → 52 ms and /portfolios 46 → 55 ms, within the spread of their rounds (29–86 and 25–79).

  Lighthouse, 5 runs each, highest TBT by wall time:

  | Route | before (17:31, load 1.0) | after (17:38, load 1.5) |
  | --- | --- | --- |
  | /login | 178 ms | 151 ms |
  | /index | 207 ms | 200 ms |
  | /classrooms | 165 ms | 257 ms |
  | /portfolios | 247 ms | 392 ms |
  | /wishlist | 226 ms | 263 ms |

  Within the noise: /login, which renders no data, went from 20 to 178 ms in one run of five. By CPU
  time the highest run of any route after the change is 88 ms (/index).
- **The machine, tried again.** The app server and the bench's own process on one core, Chromium on
  both: two alternating rounds of 3 runs each, /portfolios 102–379 ms pinned against 108–409 ms not.
  No change.
- **Still not met: the budget by wall time**, TBT ≤ 150 ms in every run. On this shared 2-core machine
  a task's wall time is 2 to 4 times its CPU time, also on a quiet machine (load about 1). Lighthouse,
  Chromium's browser and GPU processes and the app server share the two cores with the page. By CPU time
  every run of every route is under the budget.

## What else runs while the page loads (session 21)

Session 21 read each Lighthouse trace by thread, not only the page's main thread. Every budget of the
whole bench run of 21:07 (load 1.5 before) was met but Lighthouse's TBT and score by wall time.

- **CPU time by thread, first 2.5 s of a load** (base build, /login, /index, /classrooms, /portfolios):

  | Thread | CPU time |
  | --- | --- |
  | the page's main thread (CrRendererMain) | 230–330 ms on /login, 440–610 ms signed in |
  | Chromium's compositor (VizCompositorThread, software: no GPU here) | 310–520 ms |
  | Chromium's browser main thread | 160–500 ms |
  | the service worker (/login only: the first install precaches) | about 180 ms |

  The compositor draws a frame for each step of part 1 §9's overlay: the sliding progress bar and the
  spinner while it shows, the whole-screen fade when it closes. Lighthouse's trace takes a screenshot of
  each frame: 5 to 7 per 100 ms while the overlay animates. The page shares two cores with all of this
  and with the app server and Lighthouse. One /login task used 2.7 ms of CPU in 38 ms of wall time.
- **Without animations (an experiment against the spec, not landed).** One style rule switched off every
  animation and transition. Two alternating rounds of 4 runs, highest TBT by wall time:

  | Route | base | no animation |
  | --- | --- | --- |
  | /login | 193, 431 ms | 205, 94 ms |
  | /portfolios | 387, 330 ms | 378, 251 ms |
  | /classrooms | 415, 313 ms | 215, 287 ms |

  The compositor's CPU time fell from about 400 to 125 ms. The overlay's animations alone account for
  180 ms of it. The medians fell by a third to a half. Even so, no route stayed under 150 ms in every
  run.
- **Hiding the overlay once it has faded** (visibility after the 500 ms fade, for the rest of the
  1001 ms closing time): no change in the compositor's time, 3 runs each. Not landed.
- **The page's own longest task**, /portfolios: about 40 ms of CPU (160 ms at 4×). The unminified build,
  with a mark at each of React's scheduled updates, shows its parts:
  1. Mantine's \`useId\` (inputs, tabs, the modal and its portal) sets state in a layout effect. The
     commit is followed at once by a render of the same tree in one piece.
  2. React flushes the first commit's effects in the same task, because that render came from a layout
     effect.
  3. Effects on mount that set state outside a transition render in one piece too. These come from
     Mantine's \`Transition\`, \`Collapse\` and \`Tabs\`, and from the app's \`PageTitleProvider\`.

  The first two are Mantine's. The page-title update alone would not shorten the task: Mantine's updates
  render in the same pass.
- **Where this leaves the budget.** TBT ≤ 150 ms by wall time in every run is not reached on this
  machine, not even with every animation off. A machine with a GPU and cores to spare for the browser
  would measure the page instead of its neighbours. By CPU time the highest run was 141 ms on /index and
  160 ms on /portfolios (once; its median is 64 ms).

## A quiet poll is free

The dashboard polls its feed every 5 s, also in a hidden page (the check-request chime and
notification depend on it). Measured with tests/e2e/quiet-poll.spec.ts: the demo teacher's dashboard
in Chromium with the real service worker, four polls in which nothing changed on the server, counted
from the first poll's sending to the fifth's (IndexedDB writes of the page, the stored row's date for
the worker's, React commits through a DevTools-hook shim, DOM mutation records). Machine load 14–18
(other engineers' runs); the counts do not depend on it.

| four quiet polls | before | after |
| --- | --- | --- |
| stored feed row in IndexedDB (worker) | rewritten 4×, a new updatedAt each time | unchanged |
| IndexedDB writes of the page | 0 | 0 |
| React commits | 16 (4 per poll) | 0 |
| DOM mutation records | 1,200 (300 per poll: the rows' 'Afgehandeld' checkboxes) | 0 |
| response body parsed | 8× (worker and page) | 0× (a changed answer: once, in the worker) |

What a quiet poll still costs: the request (a 304 from the server, which the browser's HTTP cache
turns into its stored 200) and one IndexedDB read of the stored row in the worker to compare its ETag.
See docs/architecture.md, 'The read path'.
`;
