/**
 * The service worker's registration with the browser's own API, and workbox-window's update handling
 * (the waiting update, SKIP_WAITING, the reload once the new worker controls) loaded only when there
 * is an update: most starts have none, and a signed-in page's first load then does not carry its
 * 3 KB gz (issue 17).
 */
import type { Workbox } from 'workbox-window';

/**
 * Registers /sw.js. Once an update is installed and waiting (now or later), workbox-window takes over
 * the registration and `onWaiting` gets it.
 */
export function registerWorker(onWaiting: (wb: Workbox) => void): void {
  let handed = false;
  const handOver = async () => {
    if (handed) return;
    handed = true;
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => onWaiting(wb));
    // Only an update reloads; the very first install just starts controlling this page quietly.
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    // The same script and scope: this returns the registration, and reports its waiting worker.
    await wb.register();
  };
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    // Installed while another worker controls this page: an update that waits.
    const check = () => worker.state === 'installed' && navigator.serviceWorker.controller && void handOver().catch(() => undefined);
    check();
    worker.addEventListener('statechange', check);
  };
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((reg) => {
      watch(reg.waiting);
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
    })
    .catch(() => undefined);
}
