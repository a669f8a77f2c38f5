/** The shared feedback modal against a fake server, the optimistic patches and the filter rule of the portfolio views. */
import 'fake-indexeddb/auto';
import { useState } from 'react';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { PortfolioDetail } from '../../src/api/portfolios/types';
import { offlineDb } from '../../src/data/offline-db';
import { applyPending } from '../../src/data/optimistic';
import { session } from '../../src/data/session';
import { activeFilter } from '../../src/lib/filter-groups';
import type { OutboxEntry } from '../../src/offline/db';
import { gradeConflicts } from '../../src/widgets/portfolio-feedback/conflicts';
import { FeedbackModal } from '../../src/widgets/portfolio-feedback/feedback-modal';
import { feedbackPatches } from '../../src/widgets/portfolio-feedback/feedback-patches';
import { gradeLetter } from '../../src/widgets/portfolio-feedback/grades';
import { useFeedback } from '../../src/widgets/portfolio-feedback/use-feedback';
import { offline, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

function detail(over: Partial<PortfolioDetail> = {}): PortfolioDetail {
  return {
    id: 41,
    userId: 9,
    userName: 'Lotte Bakker',
    userClassroom: '2B',
    lessonTitle: 'Wat is macht?',
    chapterTitle: 'Macht en gezag',
    sectionTitle: 'Maatschappijleer',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-05T13:07:00.000Z',
    createdAtText: '',
    updatedAtText: '',
    studyLevel: 'kader',
    hasSubmittedItems: true,
    blockStatusList: [],
    file: null,
    chapterLessonImage: null,
    blocks: [
      {
        key: 'opdracht-1',
        type: 'FILE',
        portfolioItemId: 41,
        status: 'GOOD',
        items: [{ description: 'Een poster over de Tweede Kamer', content: '/api/files/abc', indexNumber: 1, subtitle: '', value: '' }],
        feedbackItems: [
          { id: 5, name: 'Sanne de Vries', createdAt: '2026-03-06T10:00:00.000Z', message: 'Sterke poster!', canDelete: true },
        ],
      },
      {
        key: 'reflectie',
        type: 'REFLECTION',
        portfolioItemId: 41,
        status: '',
        items: [
          { description: '', content: null, indexNumber: 1, subtitle: 'Wat ging goed?', value: 'Samenwerken' },
          { description: '', content: null, indexNumber: 2, subtitle: 'Wat wil je verbeteren?', value: 'Plannen' },
        ],
        feedbackItems: [],
      },
    ],
    ...over,
  };
}

beforeEach(async () => {
  await Promise.all([offlineDb.reads.clear(), offlineDb.outbox.clear()]);
  session.user = {
    id: 1,
    role: 'ADMIN',
    email: 'docent@demoschool.nl',
    organisationName: 'Demoschool',
    currentOrganisationId: 1,
    currentClassroomId: null,
    name: 'Sanne de Vries',
    studyLevel: null,
  };
  // The detail answers; every write waits as if the Wi-Fi dropped, so it stays in the outbox.
  stubFetch().at(api.portfolios.details, { id: 41 }, detail()).otherwise(offline());
});

afterEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  session.user = null;
});

afterAll(() => vi.unstubAllGlobals());

function Harness() {
  const actions = useFeedback(41);
  const [opened, setOpened] = useState(true);
  return <FeedbackModal opened={opened} name="Lotte" onClose={() => setOpened(false)} {...actions} />;
}

async function openModal() {
  renderWithProviders(<Harness />);
  return screen.findByRole('region', { name: 'Wat heb ik gedaan?' });
}

/** The queued writes of one endpoint, as the outbox holds them. */
const queued = async (endpointId: string) =>
  (await offlineDb.outbox.toArray()).filter((e) => e.endpointId === endpointId && e.state !== 'failed');

function outboxEntry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    format: 1,
    idempotencyKey: 'k',
    endpointId: 'x',
    scope: '1:1',
    args: {},
    label: 'test',
    createdAt: 1,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    ...over,
  };
}

const conflictEntry = outboxEntry({
  seq: 17,
  endpointId: 'portfolios.saveFeedbackStatus',
  state: 'failed',
  args: { body: { portfolioItemId: 41, key: 'opdracht-1', status: 'WRONG', previousStatus: 'GOOD' } },
  error: {
    status: 409,
    message: 'Een collega heeft dit onderdeel intussen anders beoordeeld.',
    body: { current: { status: 'PERFECT', key: 'opdracht-1', portfolioItemId: 41, gradedBy: 'colleague' } },
  },
});

describe('FeedbackModal', () => {
  it('shows the title, the header and both kinds of block', async () => {
    await openModal();
    const modal = screen.getByRole('dialog', { name: 'Feedback voor Lotte Bakker' });
    expect(within(modal).getByText('Wat is macht?')).toBeInTheDocument();
    expect(within(modal).getByText('Macht en gezag · Maatschappijleer')).toBeInTheDocument();
    expect(within(modal).getByText('Klas: 2B')).toBeInTheDocument();
    expect(within(modal).getByText('Voltooid op: 5 maart 2026')).toBeInTheDocument();
    expect(within(modal).getByRole('heading', { name: 'Wat heb ik gedaan?' })).toBeInTheDocument();
    expect(within(modal).getByRole('img', { name: 'Een poster over de Tweede Kamer' })).toHaveAttribute('src', '/api/files/abc');
    const learned = within(modal).getByRole('region', { name: 'Wat heb ik geleerd?' });
    expect(
      within(learned)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wat ging goed?Samenwerken', 'Wat wil je verbeteren?Plannen']);
    expect(within(modal).getByText('Sterke poster!')).toBeInTheDocument();
    expect(within(modal).getByText(/Sanne de Vries/)).toBeInTheDocument();
    expect(within(modal).getAllByPlaceholderText('Nieuwe opmerking toevoegen...')).toHaveLength(2);
    expect(within(modal).getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
  });

  it('does not send an empty comment; a real one is queued for its block and shows at once', async () => {
    const block = await openModal();
    const user = userEvent.setup();
    await user.type(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'), '   ');
    await user.click(within(block).getByRole('button', { name: 'Toevoegen' }));
    expect(await queued('portfolios.saveFeedback')).toEqual([]);
    await user.clear(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'));
    await user.type(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'), ' Goed zo ');
    await user.click(within(block).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(async () =>
      expect((await queued('portfolios.saveFeedback')).map((e) => e.args.body)).toEqual([
        { portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, message: 'Goed zo', readAt: null },
      ]),
    );
    expect(await within(block).findByText('Goed zo')).toBeInTheDocument();
    await waitFor(() => expect(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...')).toHaveValue(''));
  });

  it('marks the chosen grade by pressed state, a tick and text; a grade carries the status the teacher saw', async () => {
    const block = await openModal();
    expect(within(block).getByRole('button', { name: 'Voldoende' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(block).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(block).getByRole('button', { name: 'Onvoldoende' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(block).getByText('Beoordeling: Voldoende')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Wat heb ik geleerd?' })).getByText('Beoordeling: nog niet beoordeeld'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Goed' }));
    await waitFor(async () =>
      expect((await queued('portfolios.saveFeedbackStatus')).map((e) => e.args.body)).toEqual([
        { portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, status: 'PERFECT', previousStatus: 'GOOD' },
      ]),
    );
    await waitFor(() => expect(within(block).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it("shows a colleague's grade beside the block; keeping mine sends it again over the colleague's", async () => {
    await offlineDb.outbox.add(conflictEntry);
    const block = await openModal();
    expect(
      await within(block).findByText('Een collega heeft dit onderdeel intussen anders beoordeeld: Goed. Jouw beoordeling: Onvoldoende.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Mijn beoordeling opslaan' }));
    await waitFor(async () => expect(await offlineDb.outbox.get(17)).toBeUndefined());
    expect((await queued('portfolios.saveFeedbackStatus')).map((e) => e.args.body)).toEqual([
      { portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, status: 'WRONG', previousStatus: 'PERFECT' },
    ]);
  });

  it('says the grade met was this teacher’s own from another tablet, not a colleague’s (issue 28 item 27)', async () => {
    await offlineDb.outbox.add({
      ...conflictEntry,
      error: {
        status: 409,
        message: 'Je hebt dit onderdeel intussen zelf anders beoordeeld, op een ander apparaat.',
        body: { current: { status: 'PERFECT', key: 'opdracht-1', portfolioItemId: 41, gradedBy: 'self' } },
      },
    });
    const block = await openModal();
    expect(
      await within(block).findByText(
        'Je hebt dit onderdeel intussen op een ander apparaat anders beoordeeld: Goed. Op dit apparaat: Onvoldoende.',
      ),
    ).toBeInTheDocument();
    expect(within(block).queryByText(/collega/i)).not.toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Andere beoordeling houden' })).toBeInTheDocument();
  });

  it("keeping the colleague's grade drops mine and sends nothing", async () => {
    await offlineDb.outbox.add(conflictEntry);
    const block = await openModal();
    await userEvent.setup().click(await within(block).findByRole('button', { name: 'Beoordeling van collega houden' }));
    await waitFor(async () => expect(await offlineDb.outbox.get(17)).toBeUndefined());
    expect(await queued('portfolios.saveFeedbackStatus')).toEqual([]);
  });

  it('logs an unknown block key and sends nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useFeedback(41));
    await waitFor(() => expect(result.current.detail).toBeDefined());
    await act(async () => {
      expect(await result.current.onAddComment('bestaat-niet', 'Hallo')).toBe(false);
      await result.current.onGrade('bestaat-niet', 'GOOD');
    });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await offlineDb.outbox.count()).toBe(0);
    warn.mockRestore();
  });
});

describe('feedback patches and conflicts (pure)', () => {
  const entry = (endpointId: string, args: OutboxEntry['args'], seq = 3) =>
    outboxEntry({ seq, endpointId, createdAt: Date.parse('2026-03-07T08:00:00Z'), args });
  const patched = (data: PortfolioDetail, e: OutboxEntry) => applyPending(api.portfolios.details, feedbackPatches, data, 0, [e]);

  it('appends a queued comment with a temporary negative id and the teacher as author', () => {
    const out = patched(
      detail(),
      entry('portfolios.saveFeedback', { body: { portfolioItemId: 41, key: 'reflectie', message: ' Netjes ' } }),
    );
    expect(out.blocks[1]!.feedbackItems).toEqual([
      { id: -3, name: 'Sanne de Vries', createdAt: '2026-03-07T08:00:00.000Z', message: 'Netjes', canDelete: true },
    ]);
    expect(out.blocks[0]!.feedbackItems).toHaveLength(1);
  });

  it('removes feedback, sets a grade, and leaves other items and reads alone', () => {
    const removed = patched(detail(), entry('portfolios.removeFeedback', { params: { feedbackId: 5 } }));
    expect(removed.blocks[0]!.feedbackItems).toEqual([]);
    const graded = patched(
      detail(),
      entry('portfolios.saveFeedbackStatus', { body: { portfolioItemId: 41, key: 'reflectie', status: 'WRONG' } }),
    );
    expect(graded.blocks.map((b) => b.status)).toEqual(['GOOD', 'WRONG']);
    const other = detail({ id: 99 });
    expect(
      patched(other, entry('portfolios.saveFeedbackStatus', { body: { portfolioItemId: 41, key: 'reflectie', status: 'WRONG' } })),
    ).toBe(other);
    const list = { items: [detail()] };
    expect(
      applyPending(api.portfolios.list, feedbackPatches, list as never, 0, [
        entry('portfolios.saveFeedback', { body: { portfolioItemId: 41, key: 'reflectie', message: 'x' } }),
      ]),
    ).toBe(list);
  });

  it('finds grade conflicts of this item only', () => {
    const otherItem = { ...conflictEntry, seq: 18, args: { body: { portfolioItemId: 7, key: 'opdracht-1', status: 'GOOD' } } };
    const refused = { ...conflictEntry, seq: 19, error: { status: 403, message: 'Nee' } };
    expect(gradeConflicts([conflictEntry, otherItem, refused], 41)).toEqual([
      { seq: 17, key: 'opdracht-1', current: 'PERFECT', gradedBy: 'colleague', mine: 'WRONG' },
    ]);
  });

  it('treats a group with every option ticked as no filter, and letters the grades', () => {
    expect(activeFilter(['1', '2', '3'], ['1', '2', '3'])).toEqual([]);
    expect(activeFilter(['3', '1', '2'], ['1', '2', '3'])).toEqual([]);
    expect(activeFilter(['1'], ['1', '2', '3'])).toEqual(['1']);
    expect(activeFilter([], ['1', '2'])).toEqual([]);
    expect(['PERFECT', 'GOOD', 'WRONG', ''].map((s) => gradeLetter(s as 'GOOD'))).toEqual(['G', 'V', 'O', '-']);
  });
});
