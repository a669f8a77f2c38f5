/**
 * Optimistic changes of the teachers' queueable writes (docs/offline.md "Optimistic changes"): setting a
 * colleague active or inactive shows at once in the list, also offline, and is undone by itself when the
 * server refuses it. Registered once when the teachers page module loads.
 */
import type { Teacher } from '../../api/teachers/types';
import { registerPatch } from '../../data/optimistic';

export function patchStatus(teachers: Teacher[], id: number, status: Teacher['status']): Teacher[] {
  return teachers.map((t) => (t.id === id ? { ...t, status } : t));
}

function statusPatch(status: Teacher['status']) {
  return (readId: string, data: unknown, entry: { args: { params?: Record<string, string | number> } }) =>
    readId === 'teachers.list' && Array.isArray(data) ? patchStatus(data as Teacher[], Number(entry.args.params?.id), status) : data;
}

registerPatch('teachers.activate', statusPatch('active'));
registerPatch('teachers.deactivate', statusPatch('inactive'));
