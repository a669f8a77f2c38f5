/**
 * The steps taken for issue 17 (fast on a cheap tablet), each with the figure measured before and
 * after it, for docs/performance.md. Written by hand: the figures of one bench run cannot say what a
 * change moved, and on this shared machine they move with everyone's load.
 */
export const STEPS = `## Steps of issue 17 (≤ 150 KB gz until idle, Lighthouse ≥ 95)

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

The offline warm start did not get slower: the build before and after, alternately, 3 rounds of 5 runs
each (load 4–7): medians 250 / 359 / 592 ms before, 237 / 283 / 288 ms after. Part 3 below (448 ms,
runs 273–745) was taken at load 8.

Tried and left out, with the figure:

- floating-ui in a chunk of its own: Mantine's ScrollArea (which Table imports) takes useMergeRefs from
  @floating-ui/react, so every table still loads it, now as one file more (/index 261 → 263 KB gz).
- One "framework" chunk for react, react-dom, valtio, wouter and the Mantine components of the first
  screen: fewer files (21 → 8) but /login 151.5 → 152.8 KB gz (it took components the sign-in page
  does not use).
- The app evaluated in a task of its own (main.tsx importing it dynamically beside the page's chunk):
  blocking (est.) /login 56 → 39 ms, /index 110 → 84 ms, /portfolios 71 → 43 ms, but /login 151.5 →
  158.6 KB gz over 43 files instead of 21 (the chunks shared by two graphs split up). Worth taking once
  the bytes have room.
- The React Compiler: needs babel-plugin-react-compiler and @rolldown/plugin-babel (packages this repo
  does not have), and valtio's useSnapshot tracks the properties read during render, which the
  compiler's memoisation can skip; every component reading a snapshot would need checking. Not tried.

What is left:

- **/login until idle (150.9 KB gz, 0.9 over):** react-dom is ~60 KB gz, the Mantine CSS of every
  component ~20 KB gz, DOMPurify ~9.5 KB gz (for the preheader). Closing it: Mantine's CSS split per
  route (the sign-in page needs a third of it; the cascade order of the app's module CSS after
  Mantine's must be kept), the signed-in frame (tabs, banners) loaded beside the session instead of
  with the entry, or the preheader rendered without DOMPurify when its HTML is only text, links and
  emphasis.
- **/index until idle (261 KB gz, 111 over):** besides the above, Dexie (30 KB gz, every cached read),
  floating-ui with ScrollArea (17 KB gz, through Mantine's Table), the header's menus and popovers
  (Menu, Popover, Modal for 'Niet verzonden': ~25 KB gz, loaded when idle), and ~40 files of Mantine
  components. Closing it needs the design step the issue names and this session did not reach: the
  signed-in frame and the dashboard's table without Mantine's JavaScript (plain elements with its CSS
  classes), the header's menus loaded on the first tap, and the first paint from a raw IndexedDB read
  with Dexie attached after it.
- **Parts 4 and 5 (not touched by this issue):** on this branch's base (5ed4123) the outbox replay stops
  after 154 of 1000 writes ('lost' 341) and the server load part finds no poll with an ETag; the same
  with the one src/offline file this issue changed put back as it was, so it comes from elsewhere.
- **Lighthouse ≥ 95 / TBT ≤ 150 ms:** see part 2 for this run's figures and their load. In the quietest
  minutes of the session (07:55, load 2.4 → 3.2, the bench's own Chromium and server included), median
  of 5: /login 98 (TBT 59 ms), /index 82 (478 ms), /classrooms 85 (386 ms), /portfolios 83 (596 ms),
  /wishlist 86 (391 ms). Part 2b's CPU-time estimate of the same builds is 55–95 ms on every route:
  Lighthouse's observed tasks are several times their CPU time here, because the two cores are shared.
  The remaining long tasks are the entry's evaluation (~30 ms CPU, × 4 = 120 ms) and single React
  commits; Lighthouse on an idle machine is needed to know how far the signed-in routes really are.
- **Layout shift on the signed-in routes, not solved:** Lighthouse finds a shift of 0.1–0.25 in some
  runs, on the loading overlay's logo or on the footer (before these changes: the footer, mostly in the
  first round of a run; after: the logo, in 4 of 5 runs of /index at 07:55, in 1 of 3 at 08:01).
  Playwright with the same mobile emulation and 4× CPU throttling sees only shifts under 0.002. Likely
  where to look: what changes under the fading overlay (the page appearing, the preheader switching to
  the signed-in texts).
`;
