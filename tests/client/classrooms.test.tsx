/** The class screens' rules: bulk actions, the move dialog, and the class form's checks and errors. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/request';
import type { Classroom, Section } from '../../src/api/classrooms/types';
import { BulkBar } from '../../src/features/classrooms/bulk-bar';
import { ClassroomsTable } from '../../src/features/classrooms/classrooms-table';
import { canDeleteClass, canRunBulk, loginMethod, moveTargets, ownFirst, teacherChoices } from '../../src/features/classrooms/class-rules';
import { selectAllState } from '../../src/ui/select-all-checkbox';
import { ClassroomForm } from '../../src/features/classrooms/classroom-form-page';
import { statusFromError } from '../../src/features/classrooms/use-classroom-form';
import { MoveDialog } from '../../src/features/classrooms/move-dialog';
import { applyMove, applySave } from '../../src/features/classrooms/optimistic-patches';
import { renderWithProviders } from './render';

const send = vi.fn();
vi.mock('../../src/data/use-write', () => ({ useWrite: () => ({ send, busy: false }) }));

function room(over: Partial<Classroom> = {}): Classroom {
  return {
    id: 1,
    name: '1B',
    mainTeacherId: 1,
    mainTeacherName: 'Sanne de Vries',
    accessCode: 'ABC234',
    defaultStudyLevel: 'basis',
    studyLevel: 'basis',
    studentCount: 26,
    answersActivated: false,
    chapters: [1],
    hidden: false,
    ...over,
  };
}

const classes = [room(), room({ id: 2, name: '1K', mainTeacherId: 2 }), room({ id: 3, name: '2GT', studentCount: 0 })];
const sections: Section[] = [
  {
    id: 1,
    name: 'Maatschappijleer 1',
    active: true,
    chapters: [
      { id: 1, name: 'Jongeren', firstLessonId: 1 },
      { id: 2, name: 'Media', firstLessonId: 5 },
    ],
  },
  { id: 2, name: 'Oud', active: false, chapters: [{ id: 9, name: 'Verborgen', firstLessonId: null }] },
];
const config = { study_levels: { basis: 'Basis', kader: 'Kader', 'gl-tl': 'GL en TL' }, can_assign_chapters: true };
const teachers = [{ id: 1, name: 'Sanne de Vries', email: 'docent@demoschool.nl', status: 'active' as const }];

beforeEach(() => send.mockReset());

describe('class rules', () => {
  it('runs a bulk action only with an action and a selection', () => {
    expect(canRunBulk(null, 3)).toBe(false);
    expect(canRunBulk('move', 0)).toBe(false);
    expect(canRunBulk('move', 1)).toBe(true);
    expect(canRunBulk('delete', 2)).toBe(true);
  });

  it('deletes only empty classes, lists own classes first and names the login method', () => {
    expect(canDeleteClass({ studentCount: 0 })).toBe(true);
    expect(canDeleteClass({ studentCount: 1 })).toBe(false);
    expect(ownFirst(classes, 2).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(loginMethod({ isExternal: true }, 'Maatschappijwijzer')).toBe('Schoolportaal');
    expect(loginMethod({ isExternal: false }, 'Maatschappijwijzer')).toBe('Maatschappijwijzer');
    expect(selectAllState([1, 2], new Set([1]))).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState([1, 2], new Set([1, 2]))).toEqual({ checked: true, indeterminate: false });
  });

  it('disables the current class as a move target', () => {
    expect(moveTargets(classes, 1).map((t) => [t.id, t.disabled])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it('patches saved classes and moved students into the school list', () => {
    const entry = { args: {}, createdAt: 1000, seq: 7 };
    const added = applySave(classes, { id: 0, name: ' 3A ', defaultStudyLevel: 'kader', chapters: [1] }, entry);
    expect(added.at(-1)).toMatchObject({ id: -7, name: '3A', defaultStudyLevel: 'kader', studentCount: 0 });
    expect(applySave(classes, { id: 2, name: '1K-b', defaultStudyLevel: 'kader', chapters: [2] }, entry)[1]).toMatchObject({
      name: '1K-b',
      chapters: [2],
    });
    const moved = applyMove(classes, { users: [4, 5], currentClassroomId: 1, targetClassroomId: 3 });
    expect(moved.map((c) => c.studentCount)).toEqual([24, 26, 2]);
  });
});

describe('BulkBar', () => {
  it('keeps Uitvoeren disabled without an action or without a selection', async () => {
    const onRun = vi.fn();
    const { rerender } = renderWithProviders(<BulkBar action={null} onAction={vi.fn()} selected={2} busy={false} onRun={onRun} />);
    expect(screen.getByRole('button', { name: 'Uitvoeren' })).toBeDisabled();
    rerender(<BulkBar action="move" onAction={vi.fn()} selected={0} busy={false} onRun={onRun} />);
    expect(screen.getByRole('button', { name: 'Uitvoeren' })).toBeDisabled();
    rerender(<BulkBar action="move" onAction={vi.fn()} selected={2} busy={false} onRun={onRun} />);
    expect(screen.getByText('2 leerlingen geselecteerd')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Uitvoeren' }));
    expect(onRun).toHaveBeenCalledOnce();
  });
});

describe('MoveDialog', () => {
  it('disables the current class and the move button until a target is chosen', async () => {
    const onMove = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MoveDialog opened classes={classes} currentId={1} count={2} onClose={vi.fn()} onMove={onMove} />);
    const dialog = screen.getByRole('dialog', { name: 'Leerlingen verplaatsen' });
    expect(within(dialog).getByRole('radio', { name: '1B (huidige klas)' })).toBeDisabled();
    const move = within(dialog).getByRole('button', { name: 'Verplaatsen' });
    expect(move).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '1K' }));
    expect(move).toBeEnabled();
    await user.click(move);
    expect(onMove).toHaveBeenCalledWith(2);
  });
});

describe('ClassroomForm', () => {
  it('warns and blocks saving when no chapters are chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClassroomForm room={room()} config={config} teachers={teachers} sections={sections} />);
    const save = screen.getByRole('button', { name: 'Opslaan' });
    expect(save).toBeEnabled();
    expect(screen.queryByText(/Verborgen/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alles deactiveren in Maatschappijleer 1' }));
    expect(screen.getByText(/Kies minstens één module voor deze klas/)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Alles activeren in Maatschappijleer 1' }));
    expect(save).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Media' })).toBeChecked();
  });

  it('shows the code of an existing class and says a new one gets its code on saving', () => {
    const { unmount } = renderWithProviders(<ClassroomForm room={room()} config={config} teachers={teachers} sections={sections} />);
    expect(screen.getByLabelText('Klascode')).toHaveValue('ABC234');
    expect(screen.getByLabelText('Klascode')).toHaveAttribute('readonly');
    unmount();
    renderWithProviders(
      <ClassroomForm room={room({ id: 0, accessCode: '', name: '' })} config={config} teachers={teachers} sections={sections} />,
    );
    expect(screen.getByText(/de klascode wordt gemaakt als je de klas opslaat/)).toBeInTheDocument();
  });

  it('turns a refusal into the banner and the server field errors', () => {
    const refusal = new ApiCallError(400, 'Alle velden zijn verplicht om in te vullen.', {
      name: 'Vul de naam van de klas in.',
      defaultStudyLevel: 'Kies een standaardniveau: Basis, Kader, GL en TL.',
    });
    expect(statusFromError(refusal)).toEqual({
      kind: 'error',
      message: 'Alle velden zijn verplicht om in te vullen.',
      errors: refusal.errors,
    });
    expect(statusFromError(new ApiCallError(0, 'Geen verbinding met de server.'))).toEqual({
      kind: 'error',
      message: 'Geen verbinding met de server.',
      errors: {},
    });
  });

  it('checks an empty name before sending', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClassroomForm room={room({ name: '' })} config={config} teachers={teachers} sections={sections} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Alle velden zijn verplicht om in te vullen.');
    expect(screen.getAllByText('Vul de naam van de klas in.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Naam van de klas/ })).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('ClassroomsTable sorting', () => {
  const list = [
    room({ id: 1, name: '1B', mainTeacherId: 2, accessCode: '8FEVZM', studentCount: 26 }),
    room({ id: 2, name: '2K', mainTeacherId: 1, accessCode: 'ZZ1234', studentCount: 12 }),
    room({ id: 3, name: '3GT', mainTeacherId: 2, accessCode: '687E89', studentCount: 0 }),
  ];
  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

  it('puts own classes first by default, and follows a chosen column over the whole list', async () => {
    renderWithProviders(<ClassroomsTable classes={list} userId={1} levels={config.study_levels} onDelete={() => undefined} />);
    expect(names()).toEqual(['2K', '1B', '3GT']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Klascode' }));
    // Text, character by character: '687E89' before '8FEVZM' before 'ZZ1234', own class or not.
    expect(names()).toEqual(['3GT', '1B', '2K']);
    await user.click(screen.getByRole('button', { name: 'Leerlingen' }));
    expect(names()).toEqual(['3GT', '2K', '1B']);
  });
});

describe("'Hoofddocent' choices", () => {
  it('lists names in order, a colleague without a name by e-mail after them, and no inactive teacher', () => {
    const list = [
      { id: 9, name: '', email: 'nieuw@hetbaken.nl', status: 'active' as const },
      { id: 2, name: 'Youssef Bouzid', email: 'y.bouzid@hetbaken.nl', status: 'active' as const },
      { id: 1, name: 'anna de Wit', email: 'a.dewit@hetbaken.nl', status: 'active' as const },
      { id: 4, name: 'Oud Collega', email: 'oud@hetbaken.nl', status: 'inactive' as const },
    ];
    expect(teacherChoices(list, 2).map((o) => o.label)).toEqual(['anna de Wit', 'Youssef Bouzid', 'nieuw@hetbaken.nl']);
    expect(teacherChoices(list, 4).map((o) => o.value)).toContain('4');
  });
});
