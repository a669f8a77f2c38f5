/** Issue 31: a class of last year (archived by the year change) is read-only on its student page, and says why. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Classroom, Student } from '../../src/api/classrooms/types';
import { renderWithProviders } from './render';

const room = (over: Partial<Classroom> = {}): Classroom => ({
  ...{
    id: 7,
    name: '1B',
    mainTeacherId: 1,
    mainTeacherName: 'Sanne de Vries',
    accessCode: 'ABC234',
    defaultStudyLevel: 'basis',
    studyLevel: 'basis',
  },
  ...{ studentCount: 1, answersActivated: false, chapters: [1], hidden: false, archivedYear: null },
  ...over,
});
const student: Student = {
  id: 11,
  name: 'Lotte Bakker',
  email: 'l.bakker@hetbaken.nl',
  isExternal: false,
  lastLessonId: null,
  lastLessonTitle: '',
  lastActive: null,
  lastActiveText: '',
  studyLevel: 'basis',
} as unknown as Student;

let details: Classroom;
let list: Student[];
const read = <T,>(data: T) => ({ data, loading: false, error: null, stale: false, updatedAt: null });
vi.mock('../../src/features/classrooms/use-class-students', () => ({
  useClassStudents: () => ({
    config: {
      system_name: 'Maatschappijwijzer',
      study_levels: { basis: 'Basis' },
      handige_links: [],
      front_url: '',
      portfolio_enabled: true,
    },
    details: read(details),
    list: read(list),
    school: read([details]),
    selected: new Set<number>(),
    select: vi.fn(),
    action: null,
    setAction: vi.fn(),
    busy: false,
    run: vi.fn(),
    removeStudent: vi.fn(),
    moving: false,
    closeMove: vi.fn(),
    moveTo: vi.fn(),
  }),
}));
vi.mock('../../src/features/classrooms/use-classroom-form', () => ({
  FIELD_MESSAGES: {},
  QUEUED_MESSAGE: '',
  useClassroomForm: () => {
    throw new Error('no form for an archived class');
  },
  useClassroomFormData: () => ({
    config: { can_assign_chapters: false, study_levels: {} },
    details: read(details),
    teachers: read([]),
    sections: read([]),
  }),
}));
const { ClassroomStudentsPage } = await import('../../src/features/classrooms/classroom-students-page');
const { ClassroomFormPage } = await import('../../src/features/classrooms/classroom-form-page');

const NOTICE = 'Klas 1B hoort bij schooljaar 2026-2027 en kan niet meer worden gewijzigd.';

describe('the student page of a class', () => {
  it('of this year offers every action', () => {
    details = room();
    list = [student];
    renderWithProviders(<ClassroomStudentsPage params={{ id: '7' }} />);
    expect(screen.getByRole('link', { name: 'Klas wijzigen' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Lotte Bakker selecteren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lotte Bakker verwijderen' })).toBeTruthy();
    expect(screen.queryByText(/kan niet meer worden gewijzigd/)).toBeNull();
  });

  it('of last year shows its students to read, without edit, move or delete, and says why in Dutch', () => {
    details = room({ archivedYear: '2026-2027' });
    list = [student];
    renderWithProviders(<ClassroomStudentsPage params={{ id: '7' }} />);
    expect(screen.getByText('Gearchiveerd: alleen te lezen')).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${NOTICE}`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar Vorige schooljaren' }).getAttribute('href')).toBe('/classrooms');
    // Her profile and the class's progress stay readable.
    expect(screen.getByRole('link', { name: 'Lotte Bakker' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voortgang' })).toBeTruthy();
    for (const name of ['Klas wijzigen', 'Lotte Bakker wijzigen']) expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lotte Bakker verwijderen' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Actie voor de geselecteerde leerlingen')).toBeNull();
  });

  it('of last year, empty, shows no class code to join it', () => {
    details = room({ archivedYear: '2026-2027', studentCount: 0 });
    list = [];
    renderWithProviders(<ClassroomStudentsPage params={{ id: '7' }} />);
    expect(screen.getByText('Er zaten geen leerlingen in deze klas.')).toBeTruthy();
    expect(screen.queryByText('ABC234')).toBeNull();
  });
});

describe('the class form of a class of last year', () => {
  it('shows no form to save, only why', () => {
    details = room({ archivedYear: '2026-2027' });
    renderWithProviders(<ClassroomFormPage params={{ id: '7' }} />);
    expect(screen.getByText(new RegExp(`^${NOTICE}`))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Opslaan/ })).toBeNull();
    expect(screen.queryByLabelText(/Naam van de klas/)).toBeNull();
  });
});
