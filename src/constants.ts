/**
 * The browser's storage keys and the client's timers, each with its unit, in one place (issue 34
 * item 7). The page, src/offline and the service worker import it, so it holds plain values only: no
 * DOM, no worker globals, no imports. Sizes that are not times (MAX_KEPT, SLICE, …) stay with their code.
 *
 * Strings and numbers only, no functions or arrays: the build inlines them where they are used
 * (vite.config.ts, inlineConst), so this module adds no file of its own to a page's first load.
 */

// ---- localStorage and sessionStorage

/**
 * The token pair, under the names of part 1 §4. The same names are the meta rows the worker replays
 * with (src/offline/tokens.ts), mirrored there by src/data/session.ts.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** sessionStorage: the avatar picked once per browser session (part 1 §9). */
export const AVATAR_KEY = 'avatar';
/** The shell's last known school name and licence state, shown before the server answers. */
export const SHELL_DATA_KEY = 'shellData';
/** sessionStorage: the banners folded this session (src/shell/banners.tsx). */
export const FOLDED_BANNERS_KEY = 'foldedBanners';
/** When the storage notice was shown: once per device, not once per change. */
export const STORAGE_NOTICE_KEY = 'storageNoticeShown';
/** The activity table's 'Afgehandeld' ticks, per teacher on this device: the key is this and her id. */
export const HANDLED_ACTIVITIES_KEY = 'handledActivities:';
/** How many changes waited, and in which database, per teacher (src/data/lost-outbox.ts): this and her id. */
export const OUTBOX_MARKER_KEY = 'outboxMarker:';

// ---- IndexedDB meta rows (src/offline/schema.ts)

/** A refresh still waiting for its answer (its token and Idempotency-Key), see src/offline/tokens.ts. */
export const REFRESH_ATTEMPT_KEY = 'refreshAttempt';
/** The state of 'Offline beschikbaar maken' (src/offline/prepare.ts). */
export const PREPARE_KEY = 'offline-prepare';
/** The last known user and configuration, for a start without the server (src/data/last-known.ts). */
export const LAST_USER_KEY = 'currentUser';
export const LAST_CONFIG_KEY = 'config';
/** The id of this database, compared with the localStorage marker to notice a cleared IndexedDB. */
export const OUTBOX_EPOCH_KEY = 'outboxEpoch';
/** The XSRF token, so the worker can replay a cookie-authenticated write with no page open. */
export const XSRF_KEY = 'xsrf';

// ---- Network timers

/**
 * A request to a server that does not answer (school Wi-Fi that dropped without a reset) holds one of
 * the browser's six connections to the server, and WebKit queues every later request behind six such
 * requests, the outbox's too; in the service worker it also holds its fetch event open, and a waiting
 * new worker takes over only once the old one has no event left. After this long a request is
 * abandoned and counts as a network failure (docs/offline.md, "Updates").
 */
export const GIVE_UP_MS = 20_000;
/**
 * The longest wait between two tries of a change after network failures (src/offline/outbox.ts): a
 * failed try never reaches the server, and a change is promised on the server within 5 s of it
 * answering again (docs/offline.md), this wait plus a send.
 */
export const NETWORK_BACKOFF_CAP_MS = 2000;
/** Bad school Wi-Fi: after this long the stored answer is shown while the network may still arrive. */
export const READ_TIMEOUT_MS = 4000;
/**
 * Start-up waits this long for the server before it opens with the last known configuration and
 * user (bad school Wi-Fi can hold a request far longer than it takes to fail); a late answer is
 * still applied. The same bound as a read's.
 * @alias named for its use
 */
export const START_TIMEOUT_MS = READ_TIMEOUT_MS;
/**
 * An IndexedDB read that has not answered by then is given up: the screen goes on with what the
 * network (or the worker) answers, as on a first visit, instead of waiting for ever (issue 36 item 5).
 */
export const LOCAL_READ_TIMEOUT_MS = 4000;
/** Part 1 §9: activity polling every 5000 ms. */
export const ACTIVITY_POLL_MS = 5000;

// ---- Outbox

/**
 * A send that hangs (Wi-Fi gone without a reset) would hold the replay lock until the operating
 * system gives up, minutes later; after this long it counts as a network failure and is retried.
 * @alias named for its use
 */
export const SEND_TIMEOUT_MS = GIVE_UP_MS;
/** Delivered entries stay briefly so their optimistic change shows until the reads are refreshed. */
export const DELIVERED_KEEP_MS = 10 * 60_000;
/**
 * The longest a row ever waits on its own: the server's longest backoff and any Retry-After we send
 * stay far below it. A later retry time can only come from a clock that was set back after it was
 * stored.
 */
export const ROW_MAX_WAIT_MS = 15 * 60_000;
/** While changes wait, look every 2 s whether they can leave (a failed try is local and cheap). */
export const OUTBOX_WAITING_TIMER_MS = 2000;
/** With no change waiting, the timer still tries a replay this often (iPadOS has no Background Sync: the timer is one of its triggers). */
export const OUTBOX_IDLE_TIMER_MS = 15_000;
/** A retry starts this long after its backoff ends, so it never finds itself a tick too early. */
export const RETRY_SLACK_MS = 50;
/** A long queue drains in many short runs: screens refetch at most this often meanwhile. */
export const DELIVERED_EVENT_GAP_MS = 1500;
/**
 * The waiting changes are re-read at most this often: a long queue draining changes the outbox twice
 * per entry, and re-reading it per change kept a tablet's CPU busy and slowed the drain itself.
 */
export const PENDING_ENTRIES_THROTTLE_MS = 300;

// ---- Offline copy ('Offline beschikbaar maken')

/** A day: the copy is refreshed the next morning (issue #18). */
export const OFFLINE_COPY_REFRESH_MS = 24 * 3600 * 1000;
/** Progress is saved to IndexedDB this often: often enough to resume, rarely enough to stay cheap. */
export const PREPARE_SAVE_EVERY_MS = 250;

// ---- Updates

/**
 * Should the update fail to install, the page resumes after this long (src/data/update-takeover.ts:
 * a restarted old worker stops only after 30 s without events).
 */
export const UPDATE_TAKEOVER_MS = 60_000;

// ---- Screens

/** Changes that wait this long are really kept on the device, not merely on their way to the server. */
export const STORAGE_NOTICE_DELAY_MS = 30_000;
/** Long enough to read twice; it sits over the header's sync status, so it does not stay. */
export const STORAGE_NOTICE_SHOWN_MS = 20_000;
/** A deferred part loads at the latest this long after mounting, even on a main thread that never goes idle. */
export const DEFERRED_IDLE_TIMEOUT_MS = 1000;
/** 'Gekopieerd': long enough to read on a tablet, short enough not to linger over the next code. */
export const COPY_RESET_MS = 2000;
/** Part 2 §9: typing waits 1 s before the list reloads. */
export const SEARCH_DELAY_MS = 1000;
/** Part 2 §9: 'Opgeslagen!' for 2000 ms, then 'Opslaan' again. */
export const SAVED_LABEL_MS = 2000;
/** The school-year preview asks again after this pause, so typing a class name is one request, not one per letter. */
export const YEAR_PREVIEW_DELAY_MS = 300;
/** A downloaded export's object URL is freed after this long: the browser has long started saving it. */
export const EXPORT_URL_REVOKE_MS = 60_000;
