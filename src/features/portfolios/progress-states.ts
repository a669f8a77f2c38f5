/**
 * How each cell state of 'Voortgang' looks: a Dutch name, a letter or symbol (never colour alone,
 * WCAG 1.4.1) and a light background with dark text, so every letter keeps 4.5:1 contrast.
 */
import type { ClassProgress, ProgressState, ProgressStudent } from '../../api/portfolios/types';

export interface StateLook {
  state: ProgressState;
  label: string;
  symbol: string;
  background: string;
}

export const STATE_LOOKS: readonly StateLook[] = [
  { state: 'none', label: 'Niet begonnen', symbol: '–', background: 'var(--mantine-color-gray-1)' },
  { state: 'busy', label: 'Bezig', symbol: 'B', background: 'var(--mantine-color-yellow-2)' },
  { state: 'submitted', label: 'Ingeleverd', symbol: 'I', background: 'var(--mantine-color-blue-2)' },
  { state: 'G', label: 'Goed', symbol: 'G', background: 'var(--mantine-color-green-3)' },
  { state: 'V', label: 'Voldoende', symbol: 'V', background: 'var(--mantine-color-lime-2)' },
  { state: 'O', label: 'Onvoldoende', symbol: 'O', background: 'var(--mantine-color-red-3)' },
  { state: 'check', label: 'Goedkeuren?', symbol: '?', background: 'var(--mantine-color-orange-3)' },
  { state: 'approved', label: 'Goedgekeurd', symbol: '✓', background: 'var(--mantine-color-teal-3)' },
];

export const lookOf = (state: ProgressState): StateLook => STATE_LOOKS.find((l) => l.state === state) ?? (STATE_LOOKS[0] as StateLook);

export type StudentSort = 'name' | 'least' | 'most';

/** How far a student is: lessons handed in or further count 2, lessons she is busy with 1. */
function progressScore(states: readonly ProgressState[]): number {
  return states.reduce((n, s) => n + (s === 'none' ? 0 : s === 'busy' ? 1 : 2), 0);
}

/** The students and lessons to show: one module or all, sorted by name (the server's order) or by progress. */
export function visibleProgress(progress: ClassProgress, chapterId: number | null, sort: StudentSort) {
  const columns = progress.lessons
    .map((l, i) => ({ lesson: l, index: i }))
    .filter((c) => chapterId === null || c.lesson.chapterId === chapterId);
  const students = progress.students.map((s): ProgressStudent => ({
    ...s,
    states: columns.map((c) => s.states[c.index] ?? 'none'),
    items: columns.map((c) => s.items[c.index] ?? null),
  }));
  if (sort !== 'name') {
    const score = new Map(students.map((s) => [s.id, progressScore(s.states)]));
    const sign = sort === 'least' ? 1 : -1;
    // Array.sort is stable: equal scores keep the order by name.
    students.sort((a, b) => sign * ((score.get(a.id) ?? 0) - (score.get(b.id) ?? 0)));
  }
  return { lessons: columns.map((c) => c.lesson), students };
}
