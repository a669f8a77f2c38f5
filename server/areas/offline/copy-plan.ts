/**
 * What an offline copy holds: the reads of every screen a teacher opens on a day without Wi-Fi, found
 * by following the answers. The tab bar's lists name the classes, each class's student list names the
 * students, each student's portfolio names the items, and every answer names the files it links to.
 * Each read is the very call a screen makes (same endpoint, same arguments, 'Alle activiteiten' with
 * the body of src/api/portfolios/bodies.ts), so the client stores it under the key that screen looks up.
 */
import type { Classroom, Section, Student } from '../../../src/api/classrooms/types';
import type { Exam } from '../../../src/api/exams/types';
import type { PortfolioItem } from '../../../src/api/portfolios/types';
import { allActivitiesBody } from '../../../src/api/portfolios/bodies';
import type { CallArgs } from '../../../src/api/request';

export type CopyRead = { endpoint: string } & CallArgs;

const read = (endpoint: string, args: CallArgs = {}): CopyRead => ({ endpoint, ...args });

/** Identity of a read, so one reached twice (an item in two lists) is read once. */
export const readKey = (r: CopyRead): string => JSON.stringify([r.endpoint, r.params ?? null, r.query ?? null, r.body ?? null]);

/** A page of 'Alle activiteiten' with no filter chosen, exactly as the screen asks for it. */
const activitiesPage = (page: number) => read('portfolios.list', { query: { moduleFilters: 0 }, body: { ...allActivitiesBody(), page } });

/** The lists every screen of the tab bar opens with; the rest is found in their answers. */
export const firstReads = (): CopyRead[] => [
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

const FILE_LINK = /^\/api\/files\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/** Every /api/files/{id} an answer links to (portfolio images, document files). */
export function fileLinks(answer: unknown, into: Set<string>): void {
  if (typeof answer === 'string') {
    const m = FILE_LINK.exec(answer);
    if (m) into.add(m[1] as string);
  } else if (Array.isArray(answer)) for (const v of answer) fileLinks(v, into);
  else if (answer && typeof answer === 'object') for (const v of Object.values(answer)) fileLinks(v, into);
}

const list = <T>(answer: unknown): T[] => (Array.isArray(answer) ? (answer as T[]) : []);

/** The reads an answer leads to, and the files it names beyond its links (an exam's two PDFs). */
export function expand(r: CopyRead, answer: unknown, files: Set<string>): CopyRead[] {
  switch (r.endpoint) {
    case 'classrooms.school':
      return list<Classroom>(answer).flatMap((c) => [
        read('classrooms.details', { params: { id: c.id } }),
        read('classrooms.students', { params: { id: c.id } }),
        // 'Voortgang' without a period, as the page first asks for it.
        read('portfolios.progress', { params: { id: c.id } }),
      ]);
    case 'classrooms.students':
      return list<Student>(answer).flatMap((s) => [
        read('students.details', { params: { id: s.id } }),
        read('students.quizResults', { params: { userId: s.id } }),
        read('students.portfolio', { params: { userId: s.id } }),
      ]);
    case 'students.portfolio':
      return ((answer as { items?: PortfolioItem[] } | null)?.items ?? []).map((i) => read('portfolios.details', { params: { id: i.id } }));
    case 'portfolios.list': {
      const items = list<PortfolioItem>(answer);
      // The screen asks for the next page until one comes back empty ('Eerdere activiteiten inladen').
      const page = Number((r.body as { page?: number } | undefined)?.page ?? 1);
      return items.length === 0
        ? []
        : [activitiesPage(page + 1), ...items.map((i) => read('portfolios.details', { params: { id: i.id } }))];
    }
    case 'exams.list':
      for (const e of list<Exam>(answer)) files.add(e.contentFileId).add(e.answerFileId);
      return [];
    case 'classrooms.sections':
      // The print screen's level choice per module (the PDFs themselves are generated on the device's request).
      return list<Section>(answer)
        .filter((s) => s.active)
        .flatMap((s) =>
          s.chapters.filter((c) => c.firstLessonId !== null).map((c) => read('printing.chapterLevels', { params: { chapterId: c.id } })),
        );
    default:
      return [];
  }
}
