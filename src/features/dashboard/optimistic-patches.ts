/**
 * Optimistic changes of the dashboard's queueable writes (docs/offline.md): an approval, a rejection,
 * the read mark, the chosen class and the study level show at once, also without Wi-Fi, and undo
 * themselves when the server refuses. Registered once when the dashboard module loads.
 */
import type { Activity, CheckStatus } from '../../api/dashboard/types';
import type { CurrentUser } from '../../api/session/types';
import { registerPatch, type Patch } from '../../data/optimistic';
import { session } from '../../data/session';

type Entry = Parameters<Patch>[2];

const FEED_READS = new Set(['dashboard.activities', 'dashboard.activitiesEarlier']);

export function setStatus(rows: Activity[], targetId: number, status: CheckStatus): Activity[] {
  return rows.map((a) => (a.targetId === targetId && a.typeText === 'CHECK_REQUEST' ? { ...a, targetStatus: status } : a));
}

/** activities/read marks everything up to the moment the teacher saw it. */
export function markReadUntil(rows: Activity[], until: number): Activity[] {
  return rows.map((a) => (a.read === 0 && new Date(a.dateTimeCreatedText).getTime() <= until ? { ...a, read: 1 } : a));
}

function decision(status: CheckStatus): Patch {
  return (readId, data, entry: Entry) =>
    FEED_READS.has(readId) && Array.isArray(data) ? setStatus(data as Activity[], Number(entry.args.params?.id), status) : data;
}

export function registerDashboardPatches(): void {
  registerPatch('dashboard.approveCheck', decision('APPROVED'));
  registerPatch('dashboard.rejectCheck', decision('REJECTED'));
  registerPatch('dashboard.activitiesRead', (readId, data, entry) =>
    FEED_READS.has(readId) && Array.isArray(data) ? markReadUntil(data as Activity[], entry.createdAt) : data,
  );
  registerPatch('dashboard.setCurrentClassroom', (readId, data, entry) =>
    readId === 'session.info' && data ? { ...(data as CurrentUser), currentClassroomId: Number(entry.args.params?.id) } : data,
  );
  registerPatch('dashboard.changeStudyLevel', (readId, data, entry) => {
    if (readId !== 'session.info' || !data) return data;
    const key = studyLevelKey(String(entry.args.params?.level ?? ''), session.config.study_levels);
    return key ? { ...(data as CurrentUser), studyLevel: key } : data;
  });
}

/** Part 1 §7: the level travels as its label with plus signs for spaces ('GL+en+TL'). */
export const studyLevelParam = (label: string): string => label.replace(/ /g, '+');

export function studyLevelKey(param: string, levels: Record<string, string>): string | null {
  const label = param.replace(/\+/g, ' ');
  return Object.entries(levels).find(([key, value]) => key === label || value === label)?.[0] ?? null;
}

registerDashboardPatches();
