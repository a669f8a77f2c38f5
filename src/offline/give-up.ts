/**
 * No request of the app waits forever. Wi-Fi that is gone without a reset (a tablet moved to another
 * access point, a captive portal, a filter that swallows requests) holds a request until the
 * operating system gives up, many minutes later. Until then it holds one of the browser's six
 * connections to the server, and WebKit queues every later request behind six such requests, the
 * outbox's too; in the service worker it also holds its fetch event open, and a waiting new worker
 * takes over only once the old one has no event left. After GIVE_UP_MS a request is abandoned and
 * counts as a network failure (docs/offline.md, "Updates").
 */
import { GIVE_UP_MS } from '../constants';

/**
 * A signal that aborts after `ms`, or as soon as one of `also` aborts (the page that asked went away,
 * a new version takes over). Written out rather than AbortSignal.any, which iPadOS has only since 17.4.
 */
export function giveUpSignal(ms = GIVE_UP_MS, ...also: (AbortSignal | null | undefined)[]): AbortSignal {
  const controller = new AbortController();
  const followers: [AbortSignal, () => void][] = [];
  // The longer-lived signals (a preparation run, the worker's takeover) outlive thousands of requests:
  // each request's listener goes once its own signal ends, at the latest after `ms`.
  const end = (reason: unknown) => {
    clearTimeout(timer);
    for (const [other, follow] of followers) other.removeEventListener('abort', follow);
    controller.abort(reason);
  };
  const timer = setTimeout(() => end(new DOMException('The request took too long.', 'TimeoutError')), ms);
  for (const other of also) {
    if (!other) continue;
    if (other.aborted) {
      end(other.reason);
      break;
    }
    const follow = () => end(other.reason);
    followers.push([other, follow]);
    other.addEventListener('abort', follow, { once: true });
  }
  return controller.signal;
}
