/** The shared feedback modal, its actions, the optimistic patches and the filter rule of the portfolio views. */
import { useState } from 'react';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioDetail } from '../../src/api/portfolios/types';
import { activeFilter } from '../../src/lib/filter-groups';
import { gradeConflicts, type FailedWrite } from '../../src/ui/portfolio-feedback/conflicts';
import { FeedbackModal } from '../../src/ui/portfolio-feedback/feedback-modal';
import { feedbackPatches } from '../../src/ui/portfolio-feedback/feedback-patches';
import { gradeLetter } from '../../src/ui/portfolio-feedback/grades';
import { useFeedbackActions, type FeedbackSources } from '../../src/ui/portfolio-feedback/use-feedback-actions';
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
        feedbackItems: [{ id: 5, name: 'Sanne de Vries', createdAt: '2026-03-06T10:00:00.000Z', message: 'Sterke poster!', canDelete: true }],
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

function sources(over: Partial<FeedbackSources> = {}): FeedbackSources {
  return {
    detail: detail(),
    loading: false,
    failed: [],
    teacherId: 1,
    saveFeedback: vi.fn(async () => ({ queued: true })),
    removeFeedback: vi.fn(async () => ({ queued: true })),
    saveFeedbackStatus: vi.fn(async () => ({ queued: true })),
    discard: vi.fn(async () => undefined),
    reload: vi.fn(async () => undefined),
    ...over,
  };
}

function Harness({ src }: { src: FeedbackSources }) {
  const actions = useFeedbackActions(src);
  const [opened, setOpened] = useState(true);
  return <FeedbackModal opened={opened} name="Lotte" onClose={() => setOpened(false)} {...actions} />;
}

const conflictEntry: FailedWrite = {
  seq: 17,
  createdAt: 1,
  endpointId: 'portfolios.saveFeedbackStatus',
  args: { body: { portfolioItemId: 41, key: 'opdracht-1', status: 'WRONG', previousStatus: 'GOOD' } },
  error: { status: 409, message: 'Een collega heeft dit onderdeel intussen anders beoordeeld.', body: { current: { status: 'PERFECT', key: 'opdracht-1', portfolioItemId: 41 } } },
};

describe('FeedbackModal', () => {
  it('shows the title, the header and both kinds of block', () => {
    renderWithProviders(<Harness src={sources()} />);
    const modal = screen.getByRole('dialog', { name: 'Feedback voor Lotte Bakker' });
    expect(within(modal).getByText('Wat is macht?')).toBeInTheDocument();
    expect(within(modal).getByText('Macht en gezag · Maatschappijleer')).toBeInTheDocument();
    expect(within(modal).getByText('Klas: 2B')).toBeInTheDocument();
    expect(within(modal).getByText('Voltooid op: 5 maart 2026')).toBeInTheDocument();
    expect(within(modal).getByRole('heading', { name: 'Wat heb ik gedaan?' })).toBeInTheDocument();
    expect(within(modal).getByRole('img', { name: 'Een poster over de Tweede Kamer' })).toHaveAttribute('src', '/api/files/abc');
    const learned = within(modal).getByRole('region', { name: 'Wat heb ik geleerd?' });
    expect(within(learned).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Wat ging goed?Samenwerken', 'Wat wil je verbeteren?Plannen']);
    expect(within(modal).getByText('Sterke poster!')).toBeInTheDocument();
    expect(within(modal).getByText(/Sanne de Vries/)).toBeInTheDocument();
    expect(within(modal).getAllByPlaceholderText('Nieuwe opmerking toevoegen...')).toHaveLength(2);
    expect(within(modal).getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
  });

  it('does not send an empty comment, and sends a real one for its block', async () => {
    const src = sources();
    renderWithProviders(<Harness src={src} />);
    const user = userEvent.setup();
    const block = screen.getByRole('region', { name: 'Wat heb ik gedaan?' });
    await user.type(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'), '   ');
    await user.click(within(block).getByRole('button', { name: 'Toevoegen' }));
    expect(src.saveFeedback).not.toHaveBeenCalled();
    await user.clear(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'));
    await user.type(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...'), ' Goed zo ');
    await user.click(within(block).getByRole('button', { name: 'Toevoegen' }));
    expect(src.saveFeedback).toHaveBeenCalledWith({ portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, message: 'Goed zo', readAt: null }, expect.any(String));
    expect(within(block).getByPlaceholderText('Nieuwe opmerking toevoegen...')).toHaveValue('');
  });

  it('marks the chosen grade by pressed state, a tick and text; a grade carries the status the teacher saw', async () => {
    const src = sources();
    renderWithProviders(<Harness src={src} />);
    const block = screen.getByRole('region', { name: 'Wat heb ik gedaan?' });
    expect(within(block).getByRole('button', { name: 'Voldoende' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(block).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(block).getByRole('button', { name: 'Onvoldoende' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(block).getByText('Beoordeling: Voldoende')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Wat heb ik geleerd?' })).getByText('Beoordeling: nog niet beoordeeld')).toBeInTheDocument();
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Goed' }));
    expect(src.saveFeedbackStatus).toHaveBeenCalledWith({ portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, status: 'PERFECT', previousStatus: 'GOOD' }, expect.any(String));
  });

  it("shows a colleague's grade beside the block and lets the teacher keep either", async () => {
    const src = sources({ failed: [conflictEntry] });
    renderWithProviders(<Harness src={src} />);
    const block = screen.getByRole('region', { name: 'Wat heb ik gedaan?' });
    expect(within(block).getByText('Een collega heeft dit onderdeel intussen anders beoordeeld: Goed. Jouw beoordeling: Onvoldoende.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(block).getByRole('button', { name: 'Mijn beoordeling opslaan' }));
    expect(src.saveFeedbackStatus).toHaveBeenCalledWith({ portfolioItemId: 41, key: 'opdracht-1', teacherId: 1, status: 'WRONG', previousStatus: 'PERFECT' }, expect.any(String));
    expect(src.discard).toHaveBeenCalledWith(17);
    await user.click(within(block).getByRole('button', { name: 'Beoordeling van collega houden' }));
    expect(src.discard).toHaveBeenCalledTimes(2);
    expect(src.saveFeedbackStatus).toHaveBeenCalledTimes(1);
  });

  it('logs an unknown block key and sends nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const src = sources();
    const { result } = renderHook(() => useFeedbackActions(src));
    await act(async () => {
      expect(await result.current.onAddComment('bestaat-niet', 'Hallo')).toBe(false);
      await result.current.onGrade('bestaat-niet', 'GOOD');
    });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(src.saveFeedback).not.toHaveBeenCalled();
    expect(src.saveFeedbackStatus).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('feedback patches and conflicts (pure)', () => {
  const patches = feedbackPatches(() => 'Sanne de Vries');
  const entry = (args: FailedWrite['args'], seq = 3) => ({ seq, createdAt: Date.parse('2026-03-07T08:00:00Z'), args });

  it('appends a queued comment with a temporary negative id and the teacher as author', () => {
    const out = patches['portfolios.saveFeedback']!('portfolios.details', detail(), entry({ body: { portfolioItemId: 41, key: 'reflectie', message: ' Netjes ' } })) as PortfolioDetail;
    expect(out.blocks[1]!.feedbackItems).toEqual([{ id: -3, name: 'Sanne de Vries', createdAt: '2026-03-07T08:00:00.000Z', message: 'Netjes', canDelete: true }]);
    expect(out.blocks[0]!.feedbackItems).toHaveLength(1);
  });

  it('removes feedback, sets a grade, and leaves other items and reads alone', () => {
    const removed = patches['portfolios.removeFeedback']!('portfolios.details', detail(), entry({ params: { feedbackId: 5 } })) as PortfolioDetail;
    expect(removed.blocks[0]!.feedbackItems).toEqual([]);
    const graded = patches['portfolios.saveFeedbackStatus']!('portfolios.details', detail(), entry({ body: { portfolioItemId: 41, key: 'reflectie', status: 'WRONG' } })) as PortfolioDetail;
    expect(graded.blocks.map((b) => b.status)).toEqual(['GOOD', 'WRONG']);
    const other = detail({ id: 99 });
    expect(patches['portfolios.saveFeedbackStatus']!('portfolios.details', other, entry({ body: { portfolioItemId: 41, key: 'reflectie', status: 'WRONG' } }))).toBe(other);
    const list = [detail()];
    expect(patches['portfolios.saveFeedback']!('portfolios.list', list, entry({ body: { portfolioItemId: 41, key: 'reflectie', message: 'x' } }))).toBe(list);
  });

  it('finds grade conflicts of this item only', () => {
    const otherItem: FailedWrite = { ...conflictEntry, seq: 18, args: { body: { portfolioItemId: 7, key: 'opdracht-1', status: 'GOOD' } } };
    const refused: FailedWrite = { ...conflictEntry, seq: 19, error: { status: 403, message: 'Nee' } };
    expect(gradeConflicts([conflictEntry, otherItem, refused], 41)).toEqual([{ seq: 17, key: 'opdracht-1', current: 'PERFECT', mine: 'WRONG' }]);
  });

  it('treats a group with every option ticked as no filter, and letters the grades', () => {
    expect(activeFilter(['1', '2', '3'], ['1', '2', '3'])).toEqual([]);
    expect(activeFilter(['3', '1', '2'], ['1', '2', '3'])).toEqual([]);
    expect(activeFilter(['1'], ['1', '2', '3'])).toEqual(['1']);
    expect(activeFilter([], ['1', '2'])).toEqual([]);
    expect(['PERFECT', 'GOOD', 'WRONG', ''].map((s) => gradeLetter(s as 'GOOD'))).toEqual(['G', 'V', 'O', '-']);
  });
});
