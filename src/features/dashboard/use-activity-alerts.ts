/**
 * Live alerts for the feed (part 1 §4): a chime for a new check request, a system notification per
 * request while the page is hidden, and one activities/read call per batch of unread rows. Which
 * rows count is decided by decideAlerts (pure, tested); this hook only does the side effects.
 */
import { useEffect, useRef } from 'react';
import { api } from '../../api/catalogue';
import type { Activity } from '../../api/dashboard/types';
import { showNotification } from '../../data/service-worker';
import { useWrite } from '../../data/use-write';
import { alertKey, decideAlerts, notificationFor } from './activity-feed';

const ALERT_SOUND_URL = '/sounds/alert.wav';

function playChime(audio: HTMLAudioElement | null): void {
  try {
    const sound = audio ?? new Audio(ALERT_SOUND_URL);
    sound.currentTime = 0;
    // Browsers refuse autoplay until the teacher has tapped the page once: then there is no chime.
    void Promise.resolve(sound.play()).catch(() => undefined);
  } catch {
    // No audio support: the row in the feed is the alert.
  }
}

export function useActivityAlerts(rows: readonly Activity[]): void {
  const handled = useRef(new Set<string>());
  const audio = useRef<HTMLAudioElement | null>(null);
  const { send } = useWrite(api.dashboard.activitiesRead);

  // Load the sound while the network is there, so a later chime does not depend on it.
  useEffect(() => {
    try {
      audio.current = new Audio(ALERT_SOUND_URL);
      audio.current.preload = 'auto';
    } catch {
      audio.current = null;
    }
  }, []);

  useEffect(() => {
    const decision = decideAlerts(rows, handled.current, {
      visible: document.visibilityState === 'visible',
      permission: typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
    });
    if (decision.fresh.length === 0) return;
    for (const a of decision.fresh) handled.current.add(alertKey(a));
    if (decision.sound) playChime(audio.current);
    for (const a of decision.notify) {
      const { title, options } = notificationFor(a);
      void showNotification(title, options).catch(() => undefined);
    }
    // Queueable: offline the mark waits in the outbox and its patch shows the rows as read; online with
    // nothing queued it is sent at once (no Dexie for it, see data/writes.ts).
    const upTo = Math.max(0, ...rows.map((a) => a.id));
    if (decision.markRead)
      void send({ query: { upTo } }, 'Activiteiten als gelezen markeren', { directWhenOnline: true }).catch(() => undefined);
  }, [rows, send]);
}
