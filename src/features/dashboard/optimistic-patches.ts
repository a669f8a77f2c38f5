/**
 * Optimistic changes of the dashboard's queueable writes (docs/offline.md): an approval, a rejection
 * and the read mark show at once in the feed, also without Wi-Fi, and undo themselves when the server
 * refuses. (The chosen class and study level are kept in the session by use-dashboard.ts.)
 */
import { api } from '../../api/catalogue';
import type { Activity, CheckStatus } from '../../api/dashboard/types';
import { patch } from '../../data/optimistic';

export function setStatus(rows: Activity[], targetId: number, status: CheckStatus): Activity[] {
  return rows.map((a) => (a.targetId === targetId && a.typeText === 'CHECK_REQUEST' ? { ...a, targetStatus: status } : a));
}

/** activities/read marks everything up to the moment the teacher saw it. */
export function markReadUntil(rows: Activity[], until: number): Activity[] {
  return rows.map((a) => (a.read === 0 && new Date(a.dateTimeCreatedText).getTime() <= until ? { ...a, read: 1 } : a));
}

/** The same three changes on both pages of the feed. */
export const feedPatches = [api.dashboard.activities, api.dashboard.activitiesEarlier].flatMap((feed) => [
  patch(api.dashboard.approveCheck, feed, (rows, entry) => setStatus(rows, Number(entry.args.params.id), 'APPROVED')),
  patch(api.dashboard.rejectCheck, feed, (rows, entry) => setStatus(rows, Number(entry.args.params.id), 'REJECTED')),
  patch(api.dashboard.activitiesRead, feed, (rows, entry) => markReadUntil(rows, entry.createdAt)),
]);

/** Part 1 §7: the level travels as its label with plus signs for spaces ('GL+en+TL'). */
export const studyLevelParam = (label: string): string => label.replace(/ /g, '+');
