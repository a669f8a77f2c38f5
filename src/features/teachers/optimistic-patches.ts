/**
 * Optimistic changes of the teachers' queueable writes (docs/offline.md "Optimistic changes"): setting a
 * colleague active or inactive shows at once in the list, also offline, and is undone by itself when the
 * server refuses it.
 */
import { api } from '../../api/catalogue';
import type { Teacher } from '../../api/teachers/types';
import { patch } from '../../data/optimistic';

function patchStatus(teachers: Teacher[], id: number, status: Teacher['status']): Teacher[] {
  return teachers.map((t) => (t.id === id ? { ...t, status } : t));
}

export const teacherPatches = [
  patch(api.teachers.activate, api.teachers.list, (teachers, entry) => patchStatus(teachers, Number(entry.args.params.id), 'active')),
  patch(api.teachers.deactivate, api.teachers.list, (teachers, entry) => patchStatus(teachers, Number(entry.args.params.id), 'inactive')),
];
