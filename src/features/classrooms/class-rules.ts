/**
 * Rules of the class screens as pure functions (part 1 §4, §5): own classes first, who may be
 * deleted, when a bulk action may run, and which classes a move may go to.
 */
import type { Classroom, Student } from '../../api/classrooms/types';
import type { Teacher } from '../../api/teachers/types';

export const HAS_STUDENTS_MESSAGE =
  'Er zitten nog leerlingen in deze klas. Verwijder eerst de leerlingen uit de klas, alvorens je deze klas kan verwijderen.';

export type BulkAction = 'move' | 'delete';

export const BULK_ACTIONS: { value: BulkAction; label: string }[] = [
  { value: 'move', label: 'Verplaatsen naar andere klas' },
  { value: 'delete', label: 'Verwijderen' },
];

/** Part 1 §4: only with an action chosen and at least one student selected. */
export function canRunBulk(action: string | null, selected: number): boolean {
  return (action === 'move' || action === 'delete') && selected > 0;
}

/** Part 1 §5: the delete action exists only while studentCount is below 1. */
export const canDeleteClass = (c: Pick<Classroom, 'studentCount'>): boolean => c.studentCount < 1;

/** The teacher's own classes first, keeping the order within each group (a stable partition). */
export function ownFirst<T extends Pick<Classroom, 'mainTeacherId'>>(rows: readonly T[], userId: number | undefined): T[] {
  if (userId === undefined) return [...rows];
  return [...rows.filter((c) => c.mainTeacherId === userId), ...rows.filter((c) => c.mainTeacherId !== userId)];
}

export interface MoveTarget {
  id: number;
  name: string;
  disabled: boolean;
}

/** Part 1 §4: the current class is listed but cannot be chosen; classes still being saved neither. */
export function moveTargets(classes: readonly Classroom[], currentId: number): MoveTarget[] {
  return classes.map((c) => ({ id: c.id, name: c.name, disabled: c.id === currentId || c.id < 0 }));
}

/** Login method of part 1 §2: the school portal for external accounts, else the product itself. */
export const loginMethod = (s: Pick<Student, 'isExternal'>, systemName: string): string => (s.isExternal ? 'Schoolportaal' : systemName);

/** The front site's lesson address is not in the spec; this follows its lesson pages. */
export const lessonUrl = (frontUrl: string, lessonId: number): string => `${frontUrl.replace(/\/?$/, '/')}les/${lessonId}`;

/**
 * The 'Hoofddocent' choices: active teachers (and an inactive one who already leads this class), by
 * name. A colleague without a name yet (invited, never signed in) is listed by e-mail after the names.
 */
export function teacherChoices(
  teachers: readonly Pick<Teacher, 'id' | 'name' | 'email' | 'status'>[],
  mainTeacherId: number | null,
): { value: string; label: string }[] {
  const names = new Intl.Collator('nl', { sensitivity: 'base' });
  return teachers
    .filter((t) => t.status === 'active' || t.id === mainTeacherId)
    .map((t) => ({ t, named: t.name.trim() !== '' }))
    .sort((a, b) => Number(b.named) - Number(a.named) || names.compare(a.named ? a.t.name : a.t.email, b.named ? b.t.name : b.t.email))
    .map(({ t, named }) => ({ value: String(t.id), label: named ? t.name : t.email }));
}
