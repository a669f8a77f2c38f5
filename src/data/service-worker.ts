/**
 * Registers the service worker (./worker-registration.ts) and reports a waiting update. The update is applied
 * only when the teacher taps 'Opnieuw laden'; the replayers then stop and abandon the send in flight
 * (it keeps its Idempotency-Key, so the reloaded page's repeat is applied once) and the new worker
 * takes over (applyUpdate).
 */
import { proxy } from 'valtio';
import { push } from '../api/push/endpoints';
import { call } from './api-client';
import { putMeta } from './local-store';
import { startReplayer } from './replayer';
import { xsrfToken } from './session';
import type { Workbox } from 'workbox-window';
import { beginTakeover } from './update-takeover';
import { registerWorker } from './worker-registration';
import { XSRF_KEY } from '../constants';

export const swState = proxy({
  updateWaiting: false,
  persisted: null as boolean | null,
  notifications: 'default' as NotificationPermission | 'unsupported',
  /** Web Push subscription of this device: check requests also reach a closed app. */
  push: 'unsupported' as 'unsupported' | 'off' | 'on',
});

let wb: Workbox | null = null;

export function registerServiceWorker(): void {
  if (typeof Notification !== 'undefined') swState.notifications = Notification.permission;
  else swState.notifications = 'unsupported';
  void askPersistentStorage();
  // The worker cannot read cookies: it gets the XSRF token for replays through IndexedDB.
  const xsrf = xsrfToken();
  if (xsrf) void putMeta(XSRF_KEY, xsrf).catch(() => undefined);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registerWorker((workbox) => {
    wb = workbox;
    swState.updateWaiting = true;
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    // The worker sent changes: the page's replayer (loaded now if it was not) keeps the tokens in
    // step and tells the screens.
    if (event.data?.type === 'outbox-replayed') void startReplayer().then((r) => r.replayNow());
  });
  void navigator.serviceWorker.ready.then(() => refreshPushState());
}

async function pushManager(): Promise<PushManager | null> {
  const reg = await navigator.serviceWorker?.getRegistration();
  return reg && 'pushManager' in reg ? reg.pushManager : null;
}

async function refreshPushState(): Promise<void> {
  const manager = await pushManager().catch(() => null);
  if (!manager) return;
  swState.push = (await manager.getSubscription()) ? 'on' : 'off';
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** 'Meldingen ook als de app gesloten is': subscribe this device to Web Push, or stop. Needs a network. */
export async function setPushEnabled(on: boolean): Promise<void> {
  const manager = await pushManager();
  if (!manager) return;
  const current = await manager.getSubscription();
  if (on && !current) {
    const { publicKey } = await call(push.publicKey);
    const sub = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
    const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await call(push.subscribe, { body: { endpoint: json.endpoint, keys: json.keys } });
  }
  if (!on && current) {
    await call(push.unsubscribe, { body: { endpoint: current.endpoint } }).catch(() => undefined);
    await current.unsubscribe();
  }
  await refreshPushState();
}

/**
 * 'Opnieuw laden' on the update notice. A new worker takes over only once the old one has no event
 * left: the page goes quiet (./update-takeover.ts) and abandons its send in flight, and the old worker
 * its reads still waiting for the network (answered from the store), so a hanging request does not
 * hold the update. An abandoned change keeps its Idempotency-Key and leaves again from the reloaded page.
 */
export function applyUpdate(): void {
  const worker = wb;
  if (!worker) return window.location.reload();
  beginTakeover();
  navigator.serviceWorker.controller?.postMessage({ type: 'update-taking-over' });
  worker.messageSkipWaiting();
}

async function askPersistentStorage(): Promise<void> {
  try {
    const storage = navigator.storage;
    if (!storage?.persist) return;
    swState.persisted = (await storage.persisted()) || (await storage.persist());
  } catch {
    swState.persisted = false;
  }
}

/** Tap-initiated (browsers and iPadOS require a gesture): 'Meldingen aanzetten'. */
export async function enableNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return (swState.notifications = 'unsupported');
  swState.notifications = await Notification.requestPermission();
  await refreshPushState();
  return swState.notifications;
}

/** One system notification per event (tag), shown by the worker so it also works on iPadOS. */
export async function showNotification(title: string, options: NotificationOptions & { data?: { url: string } }): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker?.getRegistration();
  if (reg) await reg.showNotification(title, { icon: '/icons/icon-192.png', ...options });
  else new Notification(title, options);
}
