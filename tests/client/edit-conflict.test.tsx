/**
 * No silent lost update (issue 36): the forms of shared records send `base`, the record as the
 * teacher saw it; a colleague's clashing change (409 'conflict') is shown with both values, in the
 * form and under 'Niet verzonden', and each choice does what it says.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { Classroom } from '../../src/api/classrooms/types';
import type { CurrentUser } from '../../src/api/session/types';
import type { UserDetails } from '../../src/api/students/types';
import type { WishlistItem } from '../../src/api/wishlist/types';
import { offlineDb } from '../../src/data/offline-db';
import { session } from '../../src/data/session';
import { ClassroomForm } from '../../src/features/classrooms/classroom-form-page';
import { DocumentFormPage } from '../../src/features/documents/document-form-page';
import { StudentFormPage } from '../../src/features/students/student-form-page';
import { WishlistFormPage } from '../../src/features/wishlist/wishlist-form-page';
import type { OutboxEntry } from '../../src/offline/schema';
import { UnsentChanges } from '../../src/shell/unsent-changes';
import { type FakeServer, offline, partial, status, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

let server: FakeServer;

const teacher: CurrentUser = {
  id: 1,
  role: 'TEACHER',
  email: 'docent@demoschool.nl',
  organisationName: 'Demoschool',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Sanne de Vries',
  studyLevel: null,
};

function student(over: Partial<UserDetails> = {}): UserDetails {
  return {
    active: true,
    canDownloadPdf: true,
    canSwitchStudyLevel: true,
    classroomTexts: '2B',
    classrooms: [12],
    email: 'l.bakker@hetbaken.nl',
    hasEnabledClassrooms: true,
    id: 9,
    isExternal: false,
    lastActive: null,
    lastLogin: null,
    lastLessonId: null,
    lastLessonImage: null,
    lastLessonName: null,
    name: 'Lotte Bakker',
    organisationFrontType: 'school',
    organisationFrontId: 1,
    organisationFrontLocation: 'Centrum',
    organisationFrontName: 'Het Baken',
    regDate: '2025-09-01T08:00:00.000Z',
    role: 'STUDENT',
    roleText: 'Leerling',
    studyLevel: 'kader',
    ...over,
  };
}

/** The body of the server's 409 for a field both teachers changed (server/http/field-merge.ts). */
const conflictBody = (mine: string, theirs: string) => ({
  error: { message: 'Een collega heeft het profiel van Lotte Bakker intussen ook gewijzigd.' },
  reason: 'conflict',
  conflicts: [{ field: 'name', label: 'Naam', mine, theirs }],
  current: student({ name: theirs, studyLevel: 'basis' }),
});
const nameConflict = (mine: string, theirs: string) => status(409, conflictBody(mine, theirs));

beforeEach(async () => {
  await Promise.all([offlineDb.reads.clear(), offlineDb.outbox.clear()]);
  session.user = { ...teacher };
  session.config = { ...session.config, study_levels: { basis: 'Basis', kader: 'Kader', 'gl-tl': 'GL en TL' } };
  server = stubFetch()
    .at(api.students.details, { id: 9 }, student())
    .on(
      api.classrooms.school,
      partial([{ id: 12, name: '2B', mainTeacherId: 1, mainTeacherName: '', accessCode: '', defaultStudyLevel: '', studyLevel: '' }]),
    )
    .at(api.students.quizResults, { userId: 9 }, [])
    .at(api.students.portfolio, { userId: 9 }, { classrooms: [], studyLevels: [], sections: [], chapters: [], lessons: [], items: [] });
});

afterEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  session.user = null;
});

afterAll(() => vi.unstubAllGlobals());

const saves = (entry: Parameters<FakeServer['calls']>[0]) => server.calls(entry);
const sent = (entry: Parameters<FakeServer['calls']>[0]) => server.sent(entry);
const conflictRows = () =>
  within(screen.getByRole('table', { name: 'Wijzigingen van jou en je collega' }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('the forms send base: the record as it was when the form opened', () => {
  it('student profile: the loaded values, not the ones typed', async () => {
    server.on(api.students.save, student({ name: 'Lotte de Boer' }));
    renderWithProviders(<StudentFormPage params={{ id: '9' }} />, { path: '/students/form/9' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Naam/);
    await waitFor(() => expect(name).toHaveValue('Lotte Bakker'));
    await user.clear(name);
    await user.type(name, 'Lotte de Boer');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    await screen.findByText('Wijzigingen succesvol opgeslagen.');
    expect(sent(api.students.save)).toMatchObject({
      name: 'Lotte de Boer',
      base: { email: 'l.bakker@hetbaken.nl', name: 'Lotte Bakker', studyLevel: 'kader', classrooms: [12] },
    });
  });

  it('class form: the class as opened', async () => {
    const room: Classroom = {
      id: 5,
      name: '2B',
      mainTeacherId: 1,
      accessCode: 'ABC123',
      defaultStudyLevel: 'kader',
      answersActivated: false,
      chapters: [3],
    } as unknown as Classroom;
    server.on(api.classrooms.save, { ...room, name: '2B havo' });
    renderWithProviders(
      <ClassroomForm
        room={room}
        config={{ study_levels: { basis: 'Basis', kader: 'Kader' }, can_assign_chapters: false }}
        teachers={[]}
        sections={[]}
      />,
      { path: '/classrooms/form/5' },
    );
    const user = userEvent.setup();
    const name = screen.getByLabelText(/Naam van de klas/);
    await user.clear(name);
    await user.type(name, '2B havo');
    await user.click(screen.getByRole('button', { name: /Opslaan|Wijzigen/ }));
    await waitFor(() => expect(saves(api.classrooms.save)).toHaveLength(1));
    expect(sent(api.classrooms.save)).toMatchObject({
      name: '2B havo',
      base: { name: '2B', mainTeacherId: 1, defaultStudyLevel: 'kader', answersActivated: false, chapters: [3] },
    });
  });

  it('wishlist idea: the idea as loaded', async () => {
    const idea = { id: 4, title: 'Meer filmpjes', description: 'Bij elk hoofdstuk', active: 1, canEdit: true } as unknown as WishlistItem;
    server.at(api.wishlist.details, { id: 4 }, idea);
    server.on(api.wishlist.save, { ...idea, title: 'Meer korte filmpjes' });
    renderWithProviders(<WishlistFormPage params={{ id: '4' }} />, { path: '/wishlist/form/4' });
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/Titel/);
    await waitFor(() => expect(title).toHaveValue('Meer filmpjes'));
    await user.clear(title);
    await user.type(title, 'Meer korte filmpjes');
    await user.click(screen.getByRole('button', { name: /Opslaan|Wijzigen/ }));
    await waitFor(() => expect(saves(api.wishlist.save)).toHaveLength(1));
    expect(sent(api.wishlist.save)).toMatchObject({
      title: 'Meer korte filmpjes',
      base: { title: 'Meer filmpjes', description: 'Bij elk hoofdstuk', active: 1 },
    });
  });

  it('document: the description as loaded', async () => {
    server.at(api.documents.details, { id: 7 }, partial({ id: 7, title: 'Werkblad macht', files: [], canEdit: true }));
    server.on(api.documents.save, partial({ id: 7, title: 'Werkblad macht en gezag', files: [] }));
    renderWithProviders(<DocumentFormPage params={{ id: '7' }} />, { path: '/documents/form/7' });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox');
    await waitFor(() => expect(field).toHaveValue('Werkblad macht'));
    await user.clear(field);
    await user.type(field, 'Werkblad macht en gezag');
    await user.click(screen.getByRole('button', { name: /Opslaan|Wijzigen/ }));
    await waitFor(() => expect(saves(api.documents.save)).toHaveLength(1));
    expect(sent(api.documents.save)).toMatchObject({ title: 'Werkblad macht en gezag', base: { title: 'Werkblad macht' } });
  });
});

describe('a conflict answered while the student form is open', () => {
  const editName = async () => {
    renderWithProviders(<StudentFormPage params={{ id: '9' }} />, { path: '/students/form/9' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Naam/);
    await waitFor(() => expect(name).toHaveValue('Lotte Bakker'));
    await user.clear(name);
    await user.type(name, 'Lotte de Boer');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    await screen.findByText('Een collega heeft het profiel van Lotte Bakker intussen ook gewijzigd.');
    return user;
  };

  it('shows both values per field', async () => {
    server.on(api.students.save, nameConflict('Lotte de Boer', 'Lotte van Dijk'));
    await editName();
    expect(conflictRows()).toEqual(['VeldJouw wijzigingWijziging van je collega', 'NaamLotte de BoerLotte van Dijk']);
  });

  it("'Mijn wijziging toch opslaan' sends hers again as a new change, based on the colleague's value", async () => {
    server.on(api.students.save, nameConflict('Lotte de Boer', 'Lotte van Dijk'), student({ name: 'Lotte de Boer', studyLevel: 'basis' }));
    const user = await editName();
    await user.click(screen.getByRole('button', { name: 'Mijn wijziging toch opslaan' }));
    await screen.findByText('Wijzigingen succesvol opgeslagen.');
    expect(saves(api.students.save)).toHaveLength(2);
    const [first, again] = saves(api.students.save);
    expect(again!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(again!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
    // The level she did not touch keeps her base: the colleague's 'basis' is merged, not reverted.
    expect(sent(api.students.save)).toMatchObject({ name: 'Lotte de Boer', base: { name: 'Lotte van Dijk', studyLevel: 'kader' } });
    expect(screen.queryByRole('table', { name: 'Wijzigingen van jou en je collega' })).not.toBeInTheDocument();
    expect(await offlineDb.outbox.where('state').equals('failed').count()).toBe(0);
  });

  it("'Wijziging van collega houden' sends nothing and shows the colleague's values", async () => {
    server.on(api.students.save, nameConflict('Lotte de Boer', 'Lotte van Dijk'));
    const user = await editName();
    // The colleague's change is on the server now: the form's reload after the choice reads it. (Under
    // load the queued change's overlay can end after the choice, and the form then follows the record.)
    server.at(api.students.details, { id: 9 }, student({ name: 'Lotte van Dijk' }));
    await user.click(screen.getByRole('button', { name: 'Wijziging van collega houden' }));
    // Generous waits: the form reloads the record and the outbox drops the entry, on a busy CI machine too.
    await waitFor(() => expect(screen.getByLabelText(/^Naam/)).toHaveValue('Lotte van Dijk'), { timeout: 5000 });
    expect(saves(api.students.save)).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Wijzigingen van jou en je collega' })).not.toBeInTheDocument();
    await waitFor(async () => expect(await offlineDb.outbox.count()).toBe(0), { timeout: 5000 });
  });
});

/** A profile edit queued offline and refused later, when the colleague's change had arrived first. */
async function refusedEntry(): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    format: 2,
    idempotencyKey: 'key-offline-1',
    endpointId: 'students.save',
    scope: '1:1',
    args: {
      body: {
        id: 9,
        email: 'l.bakker@hetbaken.nl',
        name: 'Lotte de Boer',
        studyLevel: 'kader',
        classrooms: [12],
        base: { email: 'l.bakker@hetbaken.nl', name: 'Lotte Bakker', studyLevel: 'kader', classrooms: [12] },
      },
    },
    label: 'Profiel van l.bakker@hetbaken.nl wijzigen',
    createdAt: Date.now() - 60_000,
    state: 'failed',
    attempts: 1,
    nextAttemptAt: 0,
    error: {
      status: 409,
      message: 'Een collega heeft het profiel van Lotte Bakker intussen ook gewijzigd.',
      body: conflictBody('Lotte de Boer', 'Lotte van Dijk'),
    },
  };
  entry.seq = await offlineDb.outbox.add(entry);
  return entry;
}

describe("a refused entry with conflicts under 'Niet verzonden'", () => {
  it('shows both values and no plain retry', async () => {
    const entry = await refusedEntry();
    renderWithProviders(<UnsentChanges opened onClose={() => undefined} entries={[entry]} />);
    expect(conflictRows()).toEqual(['VeldJouw wijzigingWijziging van je collega', 'NaamLotte de BoerLotte van Dijk']);
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it("'Wijziging van collega houden' discards it and sends nothing", async () => {
    const entry = await refusedEntry();
    renderWithProviders(<UnsentChanges opened onClose={() => undefined} entries={[entry]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Wijziging van collega houden' }));
    await waitFor(async () => expect(await offlineDb.outbox.count()).toBe(0));
    expect(saves(api.students.save)).toHaveLength(0);
  });

  it("'Mijn wijziging toch opslaan' queues a new change with a new key and base, and drops the old one", async () => {
    const entry = await refusedEntry();
    server.on(api.students.save, offline());
    renderWithProviders(<UnsentChanges opened onClose={() => undefined} entries={[entry]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mijn wijziging toch opslaan' }));
    await waitFor(async () => expect((await offlineDb.outbox.toArray()).map((e) => e.state)).toEqual(['waiting']));
    const [again] = await offlineDb.outbox.toArray();
    expect(again!.idempotencyKey).not.toBe('key-offline-1');
    expect(again!.args.body).toMatchObject({ name: 'Lotte de Boer', base: { name: 'Lotte van Dijk', studyLevel: 'kader' } });
    await offlineDb.outbox.clear();
  });

  it('the student form shows the refused entry of its student when it is open', async () => {
    await refusedEntry();
    renderWithProviders(<StudentFormPage params={{ id: '9' }} />, { path: '/students/form/9' });
    expect(await screen.findByRole('table', { name: 'Wijzigingen van jou en je collega' })).toBeInTheDocument();
    expect(conflictRows()[1]).toBe('NaamLotte de BoerLotte van Dijk');
  });
});
