/** Teachers, documents, printing, exams and licences against a fake server. */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { Section } from '../../src/api/classrooms/types';
import type { TeachingDocument } from '../../src/api/documents/types';
import type { Exam } from '../../src/api/exams/types';
import type { CurrentUser, Organisation } from '../../src/api/session/types';
import type { Teacher } from '../../src/api/teachers/types';
import { offlineDb } from '../../src/data/offline-db';
import { session } from '../../src/data/session';
import { DocumentsPage } from '../../src/features/documents/documents-page';
import { ExamsPage } from '../../src/features/exams/exams-page';
import { LicencesPage } from '../../src/features/licences/licences-page';
import { PrintingPage } from '../../src/features/printing/printing-page';
import { TeachersPage } from '../../src/features/teachers/teachers-page';
import { type FakeServer, failure, respond, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

let server: FakeServer;

const teacher: CurrentUser = {
  id: 1,
  role: 'ADMIN',
  email: 'docent@demoschool.nl',
  organisationName: 'Het Baken',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Sanne de Vries',
  studyLevel: null,
};
const organisation: Organisation = {
  id: 1,
  name: 'Het Baken',
  location: 'Centrum',
  city: 'Utrecht',
  active: 1,
  classroomCount: 1,
  studentCount: 1,
  teacherCount: 1,
};

beforeEach(async () => {
  await Promise.all([offlineDb.reads.clear(), offlineDb.outbox.clear()]);
  session.user = { ...teacher };
  server = stubFetch().on(api.session.organisationInfo, organisation);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Reads and replays still running answer as offline, instead of reaching for a real server.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  session.user = null;
});

afterAll(() => vi.unstubAllGlobals());

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('PrintingPage', () => {
  const sections: Section[] = [
    {
      id: 1,
      name: 'Burgerschap',
      active: true,
      chapters: [
        { id: 11, name: 'Duurzaamheid', firstLessonId: 101 },
        { id: 12, name: 'Mensenrechten', firstLessonId: 121 },
      ],
    },
    { id: 2, name: 'Oude methode 2019', active: false, chapters: [{ id: 21, name: 'Verkeer (oud)', firstLessonId: 201 }] },
  ];

  it('offers module, level, switches and the button one step at a time, and never an inactive subject', async () => {
    server.on(api.classrooms.sections, sections);
    server.at(api.printing.chapterLevels, { chapterId: 11 }, [
      { key: 'basis', value: 'Basis' },
      { key: 'gl-tl', value: 'GL en TL' },
    ]);
    server.at(api.printing.requestDownload, { firstLessonId: 101 }, { hash: 'h'.repeat(32) });
    renderWithProviders(<PrintingPage />, { path: '/books' });
    const user = userEvent.setup();

    const subject = screen.getByLabelText('Vak');
    await waitFor(() => expect(subject).toBeEnabled());
    expect(within(subject).queryByRole('option', { name: 'Oude methode 2019' })).not.toBeInTheDocument();
    expect(within(subject).getByRole('option', { name: 'Burgerschap' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Module')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Niveau')).not.toBeInTheDocument();
    expect(screen.getByText(/altijd de meest recente versie/)).toBeInTheDocument();

    await user.selectOptions(subject, 'Burgerschap');
    const module = screen.getByLabelText('Module');
    expect(module).toBeEnabled();
    expect(screen.queryByLabelText('Niveau')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Genereer PDF-versie om te printen' })).not.toBeInTheDocument();

    await user.selectOptions(module, 'Duurzaamheid');
    const level = screen.getByLabelText('Niveau');
    await waitFor(() => expect(level).toBeEnabled());
    expect(screen.queryByRole('switch', { name: 'Lesstof aan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Genereer PDF-versie om te printen' })).not.toBeInTheDocument();

    await user.selectOptions(level, 'GL en TL');
    expect(screen.getByRole('switch', { name: 'Lesstof aan' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Opdrachten aan' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Antwoorden aan' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Opdrachten aan' }));
    await user.click(screen.getByRole('switch', { name: 'Antwoorden aan' }));

    await user.click(screen.getByRole('button', { name: 'Genereer PDF-versie om te printen' }));
    await waitFor(() => expect(server.calls(api.printing.requestDownload, { firstLessonId: 101 }).length).toBeGreaterThan(0));
    const sent = new URLSearchParams(server.calls(api.printing.requestDownload, { firstLessonId: 101 })[0]?.query);
    expect(Object.fromEntries(sent)).toEqual({
      showContent: '1',
      showPictures: '1',
      showTerms: '1',
      showDefinitions: '1',
      showDefinitionLines: '1',
      showAssignments: '0',
      showAssignmentLines: '0',
      showAnswers: '1',
      studyLevel: 'gl-tl',
    });
    const frame = await screen.findByTitle('Printversie van Duurzaamheid (GL en TL)');
    const src = new URL(frame.getAttribute('src') ?? '', 'http://localhost');
    expect(src.pathname).toBe(`/print/${'h'.repeat(32)}`);
    expect(src.searchParams.get('generateChapter')).toBe('1');
    expect(src.searchParams.get('studyLevel')).toBe('gl-tl');
    expect(src.searchParams.get('showAnswers')).toBe('1');
    await waitFor(() => expect(server.calls(api.printing.pdf, { hash: 'h'.repeat(32) }).length).toBeGreaterThan(0));

    // Another subject starts over: module and level are gone until chosen again.
    await user.selectOptions(screen.getByLabelText('Vak'), '');
    expect(screen.queryByLabelText('Module')).not.toBeInTheDocument();
  });
});

describe('PrintingPage with every switch off (issue 28 item 20)', () => {
  it('says what to switch on and makes no PDF', async () => {
    server.on(api.classrooms.sections, [
      { id: 1, name: 'Burgerschap', active: true, chapters: [{ id: 11, name: 'Duurzaamheid', firstLessonId: 101 }] },
    ] satisfies Section[]);
    server.at(api.printing.chapterLevels, { chapterId: 11 }, [{ key: 'basis', value: 'Basis' }]);
    server.at(api.printing.requestDownload, { firstLessonId: 101 }, { hash: 'h'.repeat(32) });
    renderWithProviders(<PrintingPage />, { path: '/books' });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Vak')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Vak'), 'Burgerschap');
    await user.selectOptions(screen.getByLabelText('Module'), 'Duurzaamheid');
    await waitFor(() => expect(screen.getByLabelText('Niveau')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Niveau'), 'Basis');
    await user.click(screen.getByRole('switch', { name: 'Lesstof aan' }));
    await user.click(screen.getByRole('switch', { name: 'Opdrachten aan' }));

    const button = screen.getByRole('button', { name: 'Genereer PDF-versie om te printen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Zet minstens één schakelaar aan: Lesstof, Opdrachten of Antwoorden. Anders staat er niets in de printversie.',
    );
    await user.click(button);
    expect(server.calls(api.printing.requestDownload)).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: 'Antwoorden aan' }));
    expect(screen.queryByText(/Zet minstens één schakelaar aan/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Genereer PDF-versie om te printen' })).toBeEnabled();
  });
});

describe('ExamsPage', () => {
  const exam = (id: number, title: string, variant: Exam['variant'], sectionName: string, over: Partial<Exam> = {}): Exam => ({
    id,
    title,
    variant,
    sectionName,
    contentFileId: `c${id}`,
    answerFileId: `a${id}`,
    createdAtText: '2026-01-10T09:00:00.000Z',
    updatedAtText: '2026-02-01T09:00:00.000Z',
    hidden: false,
    ...over,
  });
  // The server's order (part 2 §9): subject, then B-KGT and BASIS before KGT.
  const serverOrder = [
    exam(1, 'Werk en vrije tijd', 'B-KGT', 'Burgerschap'),
    exam(2, 'Mensenrechten', 'BASIS', 'Burgerschap'),
    exam(3, 'Criminaliteit', 'KGT', 'Burgerschap'),
    exam(4, 'Politiek', 'B-KGT', 'Maatschappijleer 1'),
    exam(5, 'Geheime toets', 'KGT', 'Maatschappijleer 1', { hidden: true }),
    exam(6, 'Arbeid', 'KGT', 'Maatschappijleer 1'),
  ];
  const titles = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent);

  it('keeps the server order, hides hidden exams and sorts by exam name and by subject', async () => {
    server.on(api.exams.list, serverOrder);
    renderWithProviders(<ExamsPage />, { path: '/examinations' });
    const user = userEvent.setup();
    await screen.findByText('Werk en vrije tijd');
    expect(titles()).toEqual(['Werk en vrije tijd', 'Mensenrechten', 'Criminaliteit', 'Politiek', 'Arbeid']);
    expect(screen.queryByText('Geheime toets')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Zoek op toets of vak...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meld het ons/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));

    await user.click(screen.getByRole('button', { name: 'Toets' }));
    expect(titles()).toEqual(['Arbeid', 'Criminaliteit', 'Mensenrechten', 'Politiek', 'Werk en vrije tijd']);
    await user.click(screen.getByRole('button', { name: 'Toets' }));
    expect(titles()).toEqual(['Werk en vrije tijd', 'Politiek', 'Mensenrechten', 'Criminaliteit', 'Arbeid']);
    await user.click(screen.getByRole('button', { name: 'Vak' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Burgerschap',
      'Burgerschap',
      'Burgerschap',
      'Maatschappijleer 1',
      'Maatschappijleer 1',
    ]);

    await user.type(screen.getByRole('searchbox'), 'maatschappij');
    expect(titles()).toEqual(['Politiek', 'Arbeid']);
  });

  it('asks for a download link and sends the browser there', async () => {
    server.on(api.exams.list, serverOrder);
    server.at(api.exams.request, { fileId: 'a2' }, { downloadUrl: '/api/files/a2?exp=1&sig=x' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
    renderWithProviders(<ExamsPage />, { path: '/examinations' });
    const user = userEvent.setup();
    await screen.findByText('Mensenrechten');
    await user.click(screen.getByRole('button', { name: /^Antwoordmodel.*Mensenrechten/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/files/a2?exp=1&sig=x'));
  });
});

describe('TeachersPage', () => {
  const teachers: Teacher[] = [
    { id: 1, name: 'Sanne de Vries', email: 'docent@demoschool.nl', status: 'active' },
    { id: 4, name: 'Lotte Bakker', email: 'l.bakker@hetbaken.nl', status: 'active' },
    { id: 8, name: 'Fatma Yilmaz', email: 'f.yilmaz@hetbaken.nl', status: 'inactive' },
  ];

  it('searches by name or e-mail, case-insensitively', async () => {
    server.on(api.teachers.list, teachers);
    renderWithProviders(<TeachersPage />, { path: '/teachers' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: /Docenten van Het Baken.*Centrum/ })).toBeInTheDocument();
    await screen.findByText('Lotte Bakker');
    expect(bodyRows()).toHaveLength(3);
    const search = screen.getByPlaceholderText('Zoek op docent...');
    await user.type(search, 'BAKKER');
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText('Actief')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'YILMAZ@HETBAKEN');
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText('Inactief')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByRole('button', { name: /^Zet op actief/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'niemand');
    expect(screen.getByText('Geen docenten gevonden voor ‘niemand’.')).toBeInTheDocument();
  });

  it('does not send an empty invitation and shows the server’s refusal', async () => {
    server.on(api.teachers.list, teachers);
    server.on(api.teachers.invite, failure(409, 'Deze docent hoort al bij je school.'));
    renderWithProviders(<TeachersPage />, { path: '/teachers' });
    const user = userEvent.setup();
    await screen.findByText('Lotte Bakker');
    await user.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByText('Vul een e-mailadres in.')).toBeInTheDocument();
    expect(server.calls(api.teachers.invite)).toHaveLength(0);
    await user.type(screen.getByLabelText(/E-mailadres collega/), 'l.bakker@hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze docent hoort al bij je school.');
  });

  it('empties the field when the invitation is sent and keeps the next address typed while the list reloads', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const invited: Teacher = { id: 9, name: '', email: 'nieuwe.collega@hetbaken.nl', status: 'invited' };
    server.on(
      api.teachers.list,
      teachers,
      respond(async () => {
        await held;
        return Response.json([...teachers, invited]);
      }),
    );
    server.on(api.teachers.invite, { message: 'Er is een uitnodiging gestuurd naar nieuwe.collega@hetbaken.nl.' });
    renderWithProviders(<TeachersPage />, { path: '/teachers' });
    const user = userEvent.setup();
    await screen.findByText('Lotte Bakker');
    const field = screen.getByLabelText(/E-mailadres collega/);
    await user.type(field, 'nieuwe.collega@hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByText('Er is een uitnodiging gestuurd naar nieuwe.collega@hetbaken.nl.')).toBeInTheDocument();
    // The list is still reloading: the field is already empty, and what the teacher types now stays.
    expect(field).toHaveValue('');
    await user.type(field, 'tweede.collega@hetbaken.nl');
    release();
    expect(await screen.findByText('nieuwe.collega@hetbaken.nl')).toBeInTheDocument();
    expect(field).toHaveValue('tweede.collega@hetbaken.nl');
  });
});

describe('DocumentsPage', () => {
  const doc = (id: number, title: string, canEdit: boolean, over: Partial<TeachingDocument> = {}): TeachingDocument => ({
    id,
    title,
    files: [{ id: `f${id}`, title: `${title.toLowerCase().replace(/\s+/g, '-')}.pdf`, url: `/api/files/f${id}?exp=1&sig=x` }],
    userEmail: canEdit ? 'docent@demoschool.nl' : 'collega@demoschool.nl',
    canEdit,
    hidden: false,
    ...over,
  });

  it('links the title and shows edit and delete only where canEdit, and lists no hidden rows', async () => {
    server.on(api.documents.list, [
      doc(1, 'Eigen werkblad', true),
      doc(2, 'Werkblad van collega', false),
      doc(3, 'Verborgen', true, { hidden: true }),
    ]);
    renderWithProviders(<DocumentsPage />, { path: '/documents' });
    expect(screen.getByText('Klik hier of sleep bestanden om te delen')).toBeInTheDocument();
    expect(screen.getByLabelText(/Klik hier of sleep bestanden om te delen/)).toHaveAttribute('type', 'file');
    await screen.findByText('Werkblad van collega');
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByText('Verborgen')).not.toBeInTheDocument();

    const [mine, theirs] = bodyRows();
    expect(within(mine!).getByRole('link', { name: 'Eigen werkblad' })).toHaveAttribute('href', '/documents/form/1');
    expect(within(mine!).getByRole('link', { name: 'Wijzig Eigen werkblad' })).toBeInTheDocument();
    expect(within(mine!).getByRole('button', { name: 'Verwijder Eigen werkblad' })).toBeInTheDocument();
    expect(within(theirs!).queryByRole('link', { name: 'Werkblad van collega' })).not.toBeInTheDocument();
    expect(within(theirs!).getByText('Werkblad van collega')).toBeInTheDocument();
    expect(within(theirs!).queryByRole('button', { name: /Verwijder/ })).not.toBeInTheDocument();
    const file = within(theirs!).getByRole('link', { name: /werkblad-van-collega\.pdf/ });
    expect(file).toHaveAttribute('target', '_blank');
    expect(file.getAttribute('rel')).toContain('noopener');

    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Zoek op omschrijving of bestandsnaam...'), 'eigen-werkblad.pdf');
    expect(bodyRows()).toHaveLength(1);
  });
});

describe('LicencesPage', () => {
  it('marks overused rows, and "Opgeslagen!" turns back into "Opslaan" after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on(api.licences.list, [
      { sectionName: 'Maatschappijleer 1', chapterName: 'Politiek en democratie', licenseCount: 20, usedLicenseCount: 32, overuse: true },
      { sectionName: 'Burgerschap', chapterName: 'Duurzaamheid', licenseCount: 40, usedLicenseCount: 12, overuse: false },
    ]);
    server.on(api.licences.extendInfo, { extendIntention: false, extendContactEmail: '' });
    server.on(api.licences.saveExtendInfo, { extendIntention: true, extendContactEmail: 'conrector@hetbaken.nl' });
    renderWithProviders(<LicencesPage />, { path: '/licenses' });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    expect(await screen.findByRole('heading', { level: 1, name: /Licenties.*Het Baken.*Centrum/ })).toBeInTheDocument();
    await screen.findByText('Politiek en democratie');
    const [overused, normal] = bodyRows();
    expect(within(overused!).getByText('Meer licenties uitgegeven dan gekocht')).toBeInTheDocument();
    expect(within(normal!).queryByText('Meer licenties uitgegeven dan gekocht')).not.toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: 'Wij zijn fan! Houd mijn account aan in de zomer.' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.queryByLabelText(/E-mail contactpersoon:/)).not.toBeInTheDocument();
    await user.click(toggle);
    const email = screen.getByLabelText(/E-mail contactpersoon:/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, 'conrector@hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('button', { name: 'Opgeslagen!' })).toBeInTheDocument();
    expect(server.sent(api.licences.saveExtendInfo, 0)).toEqual({ extendIntention: true, extendContactEmail: 'conrector@hetbaken.nl' });

    // Let React run the effect that starts the 2 s timer, then move the clock.
    await act(async () => undefined);
    await act(async () => void vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Opgeslagen!' })).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(600));
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opgeslagen!' })).not.toBeInTheDocument();
  });

  it('switching off saves at once with the current e-mail', async () => {
    server.on(api.licences.list, []);
    server.on(api.licences.extendInfo, { extendIntention: true, extendContactEmail: 'conrector@hetbaken.nl' });
    server.on(api.licences.saveExtendInfo, { extendIntention: false, extendContactEmail: 'conrector@hetbaken.nl' });
    renderWithProviders(<LicencesPage />, { path: '/licenses' });
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Wij zijn fan! Houd mijn account aan in de zomer.' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByLabelText(/E-mail contactpersoon:/)).toHaveValue('conrector@hetbaken.nl');
    await user.click(toggle);
    expect(screen.queryByLabelText(/E-mail contactpersoon:/)).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls(api.licences.saveExtendInfo).length).toBeGreaterThan(0));
    expect(server.sent(api.licences.saveExtendInfo, 0)).toEqual({ extendIntention: false, extendContactEmail: 'conrector@hetbaken.nl' });
  });
});
