/**
 * What 'Offline beschikbaar maken' fetches, as a list that grows while it is fetched: the class list
 * names the classes, each class's student list names the students, each student's portfolio names
 * the items, each item names its images. Every read is the very call a screen makes (same endpoint,
 * same arguments), so it lands under the key the screen looks up (readCacheKey): opened offline, a
 * prepared screen looks exactly as if the teacher had opened it online. Pure: no network, no storage.
 */
import type { CallArgs } from '../api/request';
import type { Classroom, Section, Student } from '../api/classrooms/types';
import type { Exam } from '../api/exams/types';
import type { PortfolioItem } from '../api/portfolios/types';
import { allActivitiesBody } from '../api/portfolios/bodies';
import { stableStringify } from './db';

export type ReadTask = { kind: 'read'; endpoint: string } & CallArgs;
/** A stored file (portfolio image, exam, document), kept in Cache Storage under /api/files/{id}. */
export type FileTask = { kind: 'file'; fileId: string };
export type PrepareTask = ReadTask | FileTask;

const read = (endpoint: string, args: CallArgs = {}): ReadTask => ({ kind: 'read', endpoint, ...args });

/** Identity of a task, so a read reached twice (an item in two lists) is fetched once per run. */
export function taskKey(task: PrepareTask): string {
  if (task.kind === 'file') return `file:${task.fileId}`;
  const { kind: _kind, endpoint, ...args } = task;
  return `${endpoint}:${stableStringify(args)}`;
}

/** The first page of 'Alle activiteiten' with no filter chosen, exactly as the screen asks for it. */
const activitiesPage = (page: number) => read('portfolios.list', { query: { moduleFilters: 0 }, body: { ...allActivitiesBody(), page } });

/** The lists every screen of the tab bar opens with; the rest is found in their answers. */
export function initialTasks(): PrepareTask[] {
  return [
    read('classrooms.school'),
    read('session.organisationInfo'),
    read('teachers.list'),
    read('classrooms.sections'),
    read('classrooms.idleStudents'),
    read('classrooms.orphanStudents'),
    read('portfolios.filters', { body: { ...allActivitiesBody(), page: 1 } }),
    activitiesPage(1),
    read('documents.list'),
    read('exams.list'),
  ];
}

const FILE_LINK = /^\/api\/files\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/** Every /api/files/{id} link in an answer (portfolio images, document files), once each. */
function fileLinks(answer: unknown): FileTask[] {
  const ids = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const m = FILE_LINK.exec(value);
      if (m) ids.add(m[1] as string);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(answer);
  return [...ids].map((fileId) => ({ kind: 'file', fileId }));
}

const list = <T>(answer: unknown): T[] => (Array.isArray(answer) ? (answer as T[]) : []);

/** The tasks an answer leads to. */
export function expand(task: ReadTask, answer: unknown): PrepareTask[] {
  switch (task.endpoint) {
    case 'classrooms.school':
      return list<Classroom>(answer).flatMap((c) => [
        read('classrooms.details', { params: { id: c.id } }),
        read('classrooms.students', { params: { id: c.id } }),
        // 'Voortgang' without a period, as the page first asks for it (issue 32).
        read('portfolios.progress', { params: { id: c.id } }),
      ]);
    case 'classrooms.students':
      return list<Student>(answer).flatMap((s) => [
        read('students.details', { params: { id: s.id } }),
        read('students.quizResults', { params: { userId: s.id } }),
        read('students.portfolio', { params: { userId: s.id } }),
      ]);
    case 'students.portfolio': {
      const items = (answer as { items?: PortfolioItem[] } | null)?.items ?? [];
      return [...items.map((i) => read('portfolios.details', { params: { id: i.id } })), ...fileLinks(answer)];
    }
    case 'portfolios.list': {
      const items = list<PortfolioItem>(answer);
      // The screen asks for the next page until one comes back empty ('Eerdere activiteiten inladen').
      const page = Number((task.body as { page?: number } | undefined)?.page ?? 1);
      return items.length === 0
        ? []
        : [activitiesPage(page + 1), ...items.map((i) => read('portfolios.details', { params: { id: i.id } }))];
    }
    case 'portfolios.details':
    case 'documents.list':
      return fileLinks(answer);
    case 'exams.list':
      return list<Exam>(answer).flatMap((e) => [
        { kind: 'file', fileId: e.contentFileId },
        { kind: 'file', fileId: e.answerFileId },
      ]);
    case 'classrooms.sections':
      // The print screen's level choice per module (the PDFs themselves stay in 'module-pdfs').
      return list<Section>(answer)
        .filter((s) => s.active)
        .flatMap((s) =>
          s.chapters.filter((c) => c.firstLessonId !== null).map((c) => read('printing.chapterLevels', { params: { chapterId: c.id } })),
        );
    default:
      return [];
  }
}

/** What the teacher reads under the progress bar while a task is fetched. */
export function taskLabel(task: PrepareTask): string {
  if (task.kind === 'file') return 'Bestanden en afbeeldingen';
  switch (task.endpoint) {
    case 'classrooms.school':
    case 'classrooms.details':
    case 'portfolios.progress':
      return 'Klassen';
    case 'classrooms.students':
      return 'Leerlingenlijsten';
    case 'students.details':
    case 'students.quizResults':
      return 'Leerlinggegevens en resultaten';
    case 'students.portfolio':
    case 'portfolios.details':
    case 'portfolios.list':
    case 'portfolios.filters':
      return 'Portfolio’s en feedback';
    case 'documents.list':
      return 'Lesmateriaal';
    case 'exams.list':
      return 'Toetsen';
    default:
      return 'Overzichten';
  }
}

/** Counts for the ready text, from the keys of the tasks done. */
export function countsOf(doneKeys: readonly string[]): { classes: number; students: number; items: number } {
  const count = (prefix: string) => doneKeys.filter((k) => k.startsWith(prefix)).length;
  return { classes: count('classrooms.details:'), students: count('students.details:'), items: count('portfolios.details:') };
}

/**
 * Reads still to come that no queued task names yet: three per student of a class whose student list
 * has not arrived (the class list says how many), so the bar does not jump back when the lists come.
 */
export function expectedFrom(task: ReadTask, answer: unknown): number {
  if (task.endpoint === 'classrooms.school') return list<Classroom>(answer).reduce((n, c) => n + c.studentCount * 3, 0);
  if (task.endpoint === 'classrooms.students') return -list<Student>(answer).length * 3;
  return 0;
}
