/**
 * Optimistic changes of the dashboard's queueable writes (docs/offline.md): an approval, a rejection
 * and the read mark show at once in the feed, also without Wi-Fi, and undo themselves when the server
 * refuses. (The chosen class and study level are kept in the session by use-dashboard.ts.)
 */
import { api } from '../../api/catalogue';
import type { Activity, CheckStatus, FeedPage } from '../../api/dashboard/types';
import { patch } from '../../data/optimistic';

export function setStatus(rows: Activity[], targetId: number, status: CheckStatus): Activity[] {
  return rows.map((a) => (a.targetId === targetId && a.typeText === 'CHECK_REQUEST' ? { ...a, targetStatus: status } : a));
}

/** activities/read marks everything up to the moment the teacher saw it. */
export function markReadUntil(rows: Activity[], until: number): Activity[] {
  return rows.map((a) => (a.read === 0 && new Date(a.dateTimeCreatedText).getTime() <= until ? { ...a, read: 1 } : a));
}

/**
 * A stored page as this version knows it, or null: a page stored before pages named their class was a
 * bare list. It is not shown (its class is unknown); the next poll stores one of this version.
 */
export const pageOf = (data: FeedPage | undefined): FeedPage | null => (data && Array.isArray(data.activities) ? data : null);

const onRows = (page: FeedPage, change: (rows: Activity[]) => Activity[]): FeedPage => {
  const known = pageOf(page);
  return known ? { ...known, activities: change(known.activities) } : page;
};

/** The same three changes on both pages of the feed. */
export const feedPatches = [api.dashboard.activities, api.dashboard.activitiesEarlier].flatMap((feed) => [
  patch(api.dashboard.approveCheck, feed, (page, entry) =>
    onRows(page, (rows) => setStatus(rows, Number(entry.args.params.id), 'APPROVED')),
  ),
  patch(api.dashboard.rejectCheck, feed, (page, entry) =>
    onRows(page, (rows) => setStatus(rows, Number(entry.args.params.id), 'REJECTED')),
  ),
  patch(api.dashboard.activitiesRead, feed, (page, entry) => onRows(page, (rows) => markReadUntil(rows, entry.createdAt))),
]);

/** Part 1 §7: the level travels as its label with plus signs for spaces ('GL+en+TL'). */
export const studyLevelParam = (label: string): string => label.replace(/ /g, '+');
