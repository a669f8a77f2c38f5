/** Issue 28, part 1: items 2, 8–13 as a teacher meets them (server items in tests/server/issue28-part1.test.ts). */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/request';
import type { Classroom, Section, Student } from '../../src/api/classrooms/types';
import { RequireOpen } from '../../src/app/guards';
import { PageTitleProvider } from '../../src/app/page-title-provider';
import { session } from '../../src/data/session';
import { searchableClass, searchableStudent } from '../../src/features/classrooms/class-search';
import { ClassStudentsTable } from '../../src/features/classrooms/class-students-table';
import { ClassroomForm, ClassroomFormPage } from '../../src/features/classrooms/classroom-form-page';
import { closedScreens, withoutClosed } from '../../src/lib/closed-links';
import { landingAfterSwitch } from '../../src/lib/school-switch';
import { searchRows } from '../../src/lib/search';
import { defaultConfig } from '../../src/api/session/default-config';
import { usePageTitle } from '../../src/ui/page-title';
import { renderWithProviders } from './render';

const send = vi.fn();
vi.mock('../../src/data/use-write', () => ({ useWrite: () => ({ send, busy: false }) }));

const levels = { basis: 'Basis', kader: 'Kader', 'gl-tl': 'GL en TL' };
const config = { study_levels: levels, can_assign_chapters: true };
const teachers = [{ id: 1, name: 'Sanne de Vries', email: 'docent@demoschool.nl', status: 'active' as const }];
const manyChapters = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Module ${i + 1}`, firstLessonId: i + 1 }));
const sections: Section[] = [{ id: 1, name: 'Maatschappijleer 1', active: true, chapters: manyChapters }];

const room = (over: Partial<Classroom> = {}): Classroom => ({
  ...{
    id: 1,
    name: '1B',
    mainTeacherId: 1,
    mainTeacherName: 'Sanne de Vries',
    accessCode: 'ABC234',
    defaultStudyLevel: 'basis',
    studyLevel: 'basis',
  },
  ...{ studentCount: 26, answersActivated: false, chapters: [1], hidden: false },
  ...over,
});

const student = (over: Partial<Student>): Student => ({
  ...{
    id: 1,
    name: 'Daan',
    email: 'daan@school.nl',
    lastLogin: null,
    isExternal: false,
    classrooms: [1],
    lastLessonId: null,
    lastLessonName: null,
  },
  ...{ lastLessonTitle: null, lastActive: null, lastActiveText: 'Nooit', studyLevel: 'kader' },
  ...over,
});

beforeEach(() => {
  send.mockReset();
  session.config = { ...defaultConfig };
});

describe('item 2: where a school switch lands', () => {
  it("sends a page of one of the old school's records to its list, and keeps list pages", () => {
    expect(landingAfterSwitch('/classrooms/students/2')).toBe('/classrooms');
    expect(landingAfterSwitch('/classrooms/form/7')).toBe('/classrooms');
    expect(landingAfterSwitch('/students/form/145')).toBe('/classrooms');
    expect(landingAfterSwitch('/documents/form/3')).toBe('/documents');
    expect(landingAfterSwitch('/documents/form/3/new')).toBe('/documents');
    expect(landingAfterSwitch('/wishlist/form/4')).toBe('/wishlist');
    expect(landingAfterSwitch('/classrooms/form/0')).toBe('/classrooms/form/0');
    expect(landingAfterSwitch('/documents/form/0')).toBe('/documents/form/0');
    expect(landingAfterSwitch('/classrooms')).toBe('/classrooms');
    expect(landingAfterSwitch('/index')).toBe('/index');
    expect(landingAfterSwitch('/portfolios?klas=3')).toBe('/portfolios');
  });
});

describe('item 9: search covers what the tables show', () => {
  it("finds a class by its teacher's name and by the level's label", () => {
    const classes = [
      room({ id: 1, name: '1B' }),
      room({ id: 2, name: '2K', mainTeacherName: 'Ahmed El Amrani', defaultStudyLevel: 'gl-tl' }),
    ];
    expect(searchRows(classes, 'ahmed', searchableClass(levels)).map((c) => c.id)).toEqual([2]);
    expect(searchRows(classes, 'GL en TL', searchableClass(levels)).map((c) => c.id)).toEqual([2]);
  });

  it("finds students by the login method as shown ('Schoolportaal', the product's name)", () => {
    const list = [student({ id: 1, isExternal: true }), student({ id: 2, name: 'Sara' })];
    expect(searchRows(list, 'schoolportaal', searchableStudent('Maatschappijwijzer', levels)).map((s) => s.id)).toEqual([1]);
    expect(searchRows(list, 'maatschappijwijzer', searchableStudent('Maatschappijwijzer', levels)).map((s) => s.id)).toEqual([2]);
    expect(searchRows(list, 'Kader', searchableStudent('Maatschappijwijzer', levels))).toHaveLength(2);
  });

  it("sorts 'Inlogmethode' by its label: 'Maatschappijwijzer' before 'Schoolportaal'", async () => {
    const user = userEvent.setup();
    const list = [
      student({ id: 1, name: 'Anna', isExternal: true }),
      student({ id: 2, name: 'Bram' }),
      student({ id: 3, name: 'Cas', isExternal: true }),
    ];
    renderWithProviders(
      <ClassStudentsTable
        students={list}
        selected={new Set()}
        onSelect={vi.fn()}
        onDelete={vi.fn()}
        systemName="Maatschappijwijzer"
        frontUrl=""
        levels={levels}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Inlogmethode/ }));
    const methods = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[2]?.textContent);
    expect(methods).toEqual(['Maatschappijwijzer', 'Schoolportaal', 'Schoolportaal']);
  });
});

describe('item 10: the class form takes the teacher to its first error', () => {
  it('focuses the empty name when saving, with many modules open below it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClassroomForm room={room({ name: '' })} config={config} teachers={teachers} sections={sections} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByRole('textbox', { name: /Naam van de klas/ })).toHaveFocus();
  });

  it("focuses the name the server refused (a second '1B')", async () => {
    send.mockRejectedValue(
      new ApiCallError(400, 'Alle velden zijn verplicht om in te vullen.', {
        name: 'Er is al een klas met de naam 1B op deze school. Kies een andere naam.',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ClassroomForm room={room({ id: 0, name: '1B' })} config={config} teachers={teachers} sections={sections} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const name = screen.getByRole('textbox', { name: /Naam van de klas/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(/Er is al een klas met de naam 1B op deze school/).length).toBeGreaterThan(0);
  });
});

describe('item 11: page_title from the configuration', () => {
  function Page() {
    usePageTitle('Klassen');
    return null;
  }

  it('is part of the document title', async () => {
    session.config = { ...defaultConfig, system_name: 'Maatschappijwijzer', page_title: 'Het Baken' };
    renderWithProviders(
      <PageTitleProvider>
        <Page />
      </PageTitleProvider>,
    );
    expect(document.title).toBe('Klassen | Het Baken | Docentenomgeving - Maatschappijwijzer');
    act(() => {
      session.config = { ...defaultConfig, system_name: 'Maatschappijwijzer', page_title: '' };
    });
    await waitFor(() => expect(document.title).toBe('Klassen | Docentenomgeving - Maatschappijwijzer'));
  });
});

describe('item 12: an inactive school is not invited to closed screens', () => {
  it('leaves out a preheader text that links to the wishlist', () => {
    const invite = defaultConfig.preheader.teacher_left;
    expect(invite).toMatch(/href="\/wishlist"/);
    expect(withoutClosed(invite, closedScreens(false, true))).toBe('');
    expect(withoutClosed(invite, closedScreens(true, true))).toBe(invite);
    expect(withoutClosed(defaultConfig.preheader.teacher_right, closedScreens(false, true))).toBe(defaultConfig.preheader.teacher_right);
    expect(withoutClosed('<a href="/portfolios?x=1">Portfolio’s</a>', closedScreens(true, false))).toBe('');
  });
});

describe('item 13: addresses that are not a class, and portfolios switched off', () => {
  it("says /classrooms/form/abc is not found instead of opening 'Klas toevoegen'", () => {
    renderWithProviders(<ClassroomFormPage params={{ id: 'abc' }} />);
    expect(screen.getByText('Deze klas is niet gevonden.')).toBeInTheDocument();
    expect(screen.queryByText('Klas toevoegen')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de klassen' })).toHaveAttribute('href', '/classrooms');
  });

  it('sends /portfolios to the dashboard when portfolio_enabled is false', () => {
    session.config = { ...defaultConfig, portfolio_enabled: false };
    const { location } = renderWithProviders(
      <RequireOpen rule={{ portfolios: true }}>
        <p>Portfolio-pagina</p>
      </RequireOpen>,
      { path: '/portfolios' },
    );
    expect(screen.queryByText('Portfolio-pagina')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/index');
  });

  it('opens /portfolios when it is enabled', () => {
    renderWithProviders(
      <RequireOpen rule={{ portfolios: true }}>
        <p>Portfolio-pagina</p>
      </RequireOpen>,
      { path: '/portfolios' },
    );
    expect(screen.getByText('Portfolio-pagina')).toBeInTheDocument();
  });
});
