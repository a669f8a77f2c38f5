/** The student profile against a fake server: tabs, results, field errors, the offline password refusal. */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { CurrentUser } from '../../src/api/session/types';
import type { UserDetails } from '../../src/api/students/types';
import { offlineDb } from '../../src/data/offline-db';
import { session } from '../../src/data/session';
import { StudentFormPage } from '../../src/features/students/student-form-page';
import { applyProfile } from '../../src/features/students/user-patches';
import { type FakeServer, failure, offline, partial, stubFetch } from './fake-server';
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

const classroom = (id: number, name: string, mainTeacherId: number) => ({
  id,
  name,
  mainTeacherId,
  mainTeacherName: '',
  accessCode: '',
  defaultStudyLevel: '',
  studyLevel: '',
});

beforeEach(async () => {
  await Promise.all([offlineDb.reads.clear(), offlineDb.outbox.clear()]);
  session.user = { ...teacher };
  server = stubFetch()
    .at(api.students.details, { id: 9 }, student())
    .on(api.classrooms.school, partial([classroom(11, '1A', 2), classroom(12, '2B', 1), classroom(13, '3C', 2)]))
    .at(api.students.quizResults, { userId: 9 }, [
      { dateText: '2026-03-05T13:07:00.000Z', title: 'Toets Macht', percentage: 70, good: 7, total: 10, type: 'quiz' },
    ])
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

const renderPage = () => renderWithProviders(<StudentFormPage params={{ id: '9' }} />, { path: '/students/form/9' });

describe('StudentFormPage', () => {
  it('titles the profile by e-mail, lists own classes first and shows the results as "70% (7/10)"', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profiel l.bakker@hetbaken.nl wijzigen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terug' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('l.bakker@hetbaken.nl');
    expect(screen.getByText(/e-mailadres als naam gebruikt/)).toBeInTheDocument();
    const classes = await screen.findByRole('group', { name: 'Klas wijzigen' });
    await waitFor(() => expect(within(classes).getAllByRole('checkbox')).toHaveLength(3));
    expect(
      within(classes)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['2B', '1A', '3C']);
    expect(within(classes).getByRole('checkbox', { name: '2B' })).toBeChecked();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Toetsresultaten' }));
    expect(screen.getByRole('cell', { name: '70% (7/10)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Toets Macht' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Portfolio' }));
    expect(await screen.findByText('Laat leerlingen een portfolio bijhouden')).toBeInTheDocument();
  });

  it('has no results tab without results, and only a notice for an external account', async () => {
    server.at(api.students.quizResults, { userId: 9 }, []);
    server.at(api.students.details, { id: 9 }, student({ isExternal: true }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Profiel/ });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Wachtwoord wijzigen' }));
    expect(screen.getAllByText(/extern account/).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/Nieuw wachtwoord/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Toetsresultaten' })).not.toBeInTheDocument();
  });

  it('shows a personality test as filled in, without a score', async () => {
    server.at(api.students.quizResults, { userId: 9 }, [
      {
        dateText: '2026-03-05T13:07:00.000Z',
        title: 'Persoonlijkheidstest: Politieke partijen',
        percentage: 70,
        good: 7,
        total: 10,
        type: 'personality',
      },
    ]);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Toetsresultaten' }));
    expect(screen.getByRole('cell', { name: 'Ingevuld (geen score)' })).toBeInTheDocument();
    expect(screen.queryByText(/70%/)).not.toBeInTheDocument();
  });

  it('has no Portfolio tab and asks for no portfolio without portfolio_enabled (part 1 §2)', async () => {
    const config = session.config;
    session.config = { ...config, portfolio_enabled: false };
    try {
      renderPage();
      expect(await screen.findByRole('tab', { name: 'Toetsresultaten' })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Portfolio' })).not.toBeInTheDocument();
      expect(server.log.some((r) => r.path.startsWith('portfolioItems/'))).toBe(false);
    } finally {
      session.config = config;
    }
  });

  it('saves the profile with the changepassword flag off (part 2 §7, issue 28 item 25)', async () => {
    server.on(api.students.save, student({ name: 'Lotte de Bakker' }));
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Naam/);
    await user.clear(name);
    await user.type(name, 'Lotte de Bakker');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    await waitFor(() => expect(server.calls(api.students.save).length).toBeGreaterThan(0));
    const sent = server.sent(api.students.save, 0);
    expect(sent).toMatchObject({
      id: 9,
      email: 'l.bakker@hetbaken.nl',
      name: 'Lotte de Bakker',
      studyLevel: 'kader',
      classrooms: [12],
      changepassword: false,
    });
  });

  it("shows the server's field errors inline with the general message", async () => {
    server.on(
      api.students.save,
      failure(400, 'Niet alle verplichte velden zijn ingevuld.', { email: 'Dit e-mailadres is al in gebruik.' }),
    );
    renderPage();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/E-mail/);
    await user.clear(email);
    await user.type(email, 'bezet@hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    expect(await screen.findByText('Niet alle verplichte velden zijn ingevuld.')).toBeInTheDocument();
    expect(screen.getByText('Dit e-mailadres is al in gebruik.')).toBeInTheDocument();
    expect(server.sent(api.students.save, 0)).toMatchObject({
      id: 9,
      email: 'bezet@hetbaken.nl',
      name: 'Lotte Bakker',
      studyLevel: 'kader',
      classrooms: [12],
    });
    // A refusal shown in the form does not also wait in the outbox.
    expect(await offlineDb.outbox.count()).toBe(0);
  });

  it('checks the e-mail with its own Dutch messages, replacing an earlier message, and sends nothing', async () => {
    server.on(
      api.students.save,
      failure(400, 'Niet alle verplichte velden zijn ingevuld.', { email: 'Dit e-mailadres is al in gebruik.' }),
    );
    renderPage();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/E-mail/);
    await user.clear(email);
    await user.type(email, 'bezet@hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    expect(await screen.findByText('Dit e-mailadres is al in gebruik.')).toBeInTheDocument();
    const sent = server.calls(api.students.save).length;

    await user.clear(email);
    await user.type(email, 'lotte.hetbaken.nl');
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.queryByText('Dit e-mailadres is al in gebruik.')).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Niet alle verplichte velden zijn ingevuld.');
    expect((email as HTMLInputElement).form?.noValidate).toBe(true);

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Wijzigen' }));
    expect(await screen.findByText('Vul een e-mailadres in.')).toBeInTheDocument();
    expect(server.calls(api.students.save)).toHaveLength(sent);
  });

  it('refuses a password change without a network and queues nothing', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Wachtwoord wijzigen' }));
    server.on(api.students.save, offline());
    await user.type(screen.getByLabelText(/Je eigen wachtwoord/), 'Welkom123');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'Geheim12345');
    await user.type(screen.getByLabelText(/Herhaal nieuw wachtwoord/), 'Geheim12345');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText(/internetverbinding/)).toBeInTheDocument();
    expect(await offlineDb.outbox.count()).toBe(0);
    const sent = server.sent(api.students.save, 0);
    expect(sent).toEqual({
      id: 9,
      changepassword: true,
      adminpassword: 'Welkom123',
      newpassword: 'Geheim12345',
      repeatpassword: 'Geheim12345',
    });
  });
});

describe('applyProfile (pure)', () => {
  it('shows a queued profile at once; an empty name becomes the e-mail address', () => {
    const out = applyProfile(student(), { id: 9, email: ' nieuw@hetbaken.nl ', name: ' ', studyLevel: 'basis', classrooms: [11, 12] });
    expect(out).toMatchObject({ email: 'nieuw@hetbaken.nl', name: 'nieuw@hetbaken.nl', studyLevel: 'basis', classrooms: [11, 12] });
    expect(applyProfile(student(), { id: 8, email: 'x@y.nl' })).toEqual(student());
    expect(applyProfile(student(), { id: 9, changepassword: true })).toEqual(student());
  });
});
