/** The dashboard's rules: status labels and the OPEN menu, merging by target, and which rows alert. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Activity, CheckStatus } from '../../src/api/dashboard/types';
import {
  activityText,
  decideAlerts,
  mayHaveMore,
  mergeActivities,
  notificationFor,
  STATUS_LABELS,
  statusHint,
} from '../../src/features/dashboard/activity-feed';
import { CheckStatusCell } from '../../src/features/dashboard/check-status';
import { markReadUntil, setStatus, studyLevelParam } from '../../src/features/dashboard/optimistic-patches';
import { renderWithProviders } from './render';

function activity(over: Partial<Activity> = {}): Activity {
  return {
    id: 1,
    typeText: 'CHECK_REQUEST',
    read: 0,
    dateTimeCreatedText: '2026-03-05T13:07:00.000Z',
    userId: 9,
    userName: 'Daan Jansen',
    userQuizResult: null,
    portfolioItem: null,
    lessonId: 4,
    lessonName: 'De rechtsstaat',
    targetId: 40,
    targetStatus: 'OPEN',
    ...over,
  };
}

describe('check-request status', () => {
  it('labels every status in Dutch', () => {
    expect(STATUS_LABELS).toEqual({
      OPEN: 'Goedkeuren?',
      APPROVED: 'Goedgekeurd',
      REJECTED: 'Afgekeurd',
      CANCELED: 'Ingetrokken',
      EXPIRED: 'Verlopen',
      APPROVED_EXPIRED: 'Goedgekeurd en verlopen',
    });
    expect(statusHint('OPEN')).toMatch(/24 uur/);
    expect(statusHint('CANCELED')).toBe('De leerling heeft deze aanvraag ingetrokken.');
  });

  it.each(['APPROVED', 'REJECTED', 'CANCELED', 'EXPIRED', 'APPROVED_EXPIRED'] as CheckStatus[])(
    'shows %s as a label without a menu',
    (status) => {
      renderWithProviders(<CheckStatusCell activity={activity({ targetStatus: status })} onDecide={vi.fn()} />);
      expect(screen.getByText(STATUS_LABELS[status], { exact: true })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Goedkeuren\?/ })).not.toBeInTheDocument();
    },
  );

  it('offers approve and reject for an OPEN request, and explains the 24 hours on a tap', async () => {
    const onDecide = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CheckStatusCell activity={activity()} onDecide={onDecide} />);
    // No menu is in the page until the first tap; then it loads and opens at once.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Goedkeuren\? Daan Jansen/ }));
    expect(await screen.findByRole('menuitem', { name: 'Afkeuren' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Goedkeuren' }));
    expect(onDecide).toHaveBeenCalledWith('approve');

    await user.click(screen.getByRole('button', { name: /^Goedkeuren\?/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Afkeuren' }));
    expect(onDecide).toHaveBeenLastCalledWith('reject');

    const hint = screen.getByRole('button', { name: 'Uitleg bij de aanvraag van Daan Jansen' });
    await user.click(hint);
    expect(await screen.findByText('Een controleaanvraag vervalt na 24 uur.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Een controleaanvraag vervalt na 24 uur.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Uitleg bij de aanvraag van Daan Jansen' })).toHaveFocus();
  });

  it('keeps the menu usable from the keyboard on its first opening', async () => {
    const onDecide = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CheckStatusCell activity={activity()} onDecide={onDecide} />);
    await user.tab();
    expect(screen.getByRole('button', { name: /^Goedkeuren\?/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Goedkeuren' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Goedkeuren\?/ })).toHaveFocus());
    expect(onDecide).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onDecide).toHaveBeenCalledWith('reject');
  });

  it('shows nothing for activities that are not check requests', () => {
    renderWithProviders(
      <CheckStatusCell activity={activity({ typeText: 'LOGIN', targetId: null, targetStatus: null })} onDecide={vi.fn()} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Goedkeuren|Goedgekeurd|Verlopen/)).not.toBeInTheDocument();
  });
});

describe('activity text', () => {
  it('says what the student did', () => {
    expect(activityText(activity({ typeText: 'LOGIN' }))).toBe('is ingelogd');
    expect(activityText(activity({ typeText: 'REGISTER' }))).toBe('heeft zich aangemeld');
    expect(
      activityText(
        activity({ typeText: 'QUIZ', userQuizResult: { title: 'Toets 1', type: 'quiz', good: 7, total: 10, scoreText: '7/10' } }),
      ),
    ).toBe('heeft een toets gemaakt: Toets 1 (7/10)');
    expect(activityText(activity({ typeText: 'PORTFOLIO_ITEM', portfolioItem: { lessonTitle: 'Mijn mening' } }))).toBe(
      'heeft portfoliowerk ingeleverd: Mijn mening',
    );
    expect(activityText(activity())).toBe('vraagt om een controle van De rechtsstaat');
  });

  it('gives a personality test no score, as the API marks it (issue 28 item 8)', () => {
    const result = { title: 'Persoonlijkheidstest: Politieke partijen', type: 'personality', good: 7, total: 10, scoreText: '7/10' };
    const text = activityText(activity({ typeText: 'QUIZ', userQuizResult: result }));
    expect(text).toBe('heeft een persoonlijkheidstest ingevuld: Politieke partijen');
    expect(text).not.toMatch(/7\/10/);
  });
});

describe('mergeActivities', () => {
  it('replaces a row whose request changed status and keeps its read flag', () => {
    const shown = [
      activity({ id: 5, read: 1, targetId: 40, targetStatus: 'OPEN' }),
      activity({ id: 3, targetId: null, typeText: 'LOGIN', targetStatus: null }),
    ];
    const merged = mergeActivities(shown, [activity({ id: 5, read: 0, targetId: 40, targetStatus: 'CANCELED' })]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ id: 5, targetStatus: 'CANCELED', read: 1 });
  });

  it('also replaces a row about the same target under a new activity id', () => {
    const merged = mergeActivities(
      [activity({ id: 5, read: 1, targetStatus: 'OPEN' })],
      [activity({ id: 8, read: 0, targetStatus: 'APPROVED' })],
    );
    expect(merged).toEqual([activity({ id: 8, read: 1, targetStatus: 'APPROVED' })]);
  });

  it('takes the server read flag when the status did not change, and adds new rows newest first', () => {
    const merged = mergeActivities([activity({ id: 5, read: 0 })], [activity({ id: 5, read: 1 }), activity({ id: 9, targetId: 41 })]);
    expect(merged.map((a) => [a.id, a.read])).toEqual([
      [9, 0],
      [5, 1],
    ]);
  });
});

describe('decideAlerts', () => {
  const visible = { visible: true, permission: 'granted' as const };
  const hidden = { visible: false, permission: 'granted' as const };

  it('chimes for an unread open check request and marks the batch read', () => {
    const d = decideAlerts([activity(), activity({ id: 2, typeText: 'LOGIN', targetId: null, targetStatus: null })], new Set(), visible);
    expect(d.sound).toBe(true);
    expect(d.markRead).toBe(true);
    expect(d.fresh).toHaveLength(2);
    expect(d.notify).toEqual([]);
  });

  it('notifies per request only while the page is hidden and notifications are allowed', () => {
    const rows = [activity(), activity({ id: 2, targetId: 41 })];
    expect(decideAlerts(rows, new Set(), hidden).notify.map((a) => a.targetId)).toEqual([40, 41]);
    expect(decideAlerts(rows, new Set(), { visible: false, permission: 'default' }).notify).toEqual([]);
    expect(notificationFor(rows[0]!)).toEqual({
      title: 'Nieuwe controleaanvraag',
      options: { body: 'Daan Jansen vraagt om een controle van De rechtsstaat', tag: 'check-request-40', data: { url: '/index' } },
    });
  });

  it('stays quiet for read rows, rows handled before and requests that are no longer open', () => {
    expect(decideAlerts([activity({ read: 1 })], new Set(), hidden)).toMatchObject({ sound: false, markRead: false, notify: [] });
    expect(decideAlerts([activity()], new Set(['t40']), hidden)).toMatchObject({ sound: false, markRead: false });
    const expired = decideAlerts([activity({ targetStatus: 'EXPIRED' })], new Set(), hidden);
    expect(expired).toMatchObject({ sound: false, markRead: true, notify: [] });
    expect(decideAlerts([activity({ typeText: 'QUIZ', targetId: null, targetStatus: null })], new Set(), hidden)).toMatchObject({
      sound: false,
      markRead: true,
    });
  });
});

describe('feed helpers', () => {
  it('offers earlier activities only while the last page was full', () => {
    expect(mayHaveMore(25, 25)).toBe(true);
    expect(mayHaveMore(24, 25)).toBe(false);
    expect(mayHaveMore(undefined, 25)).toBe(false);
  });

  it('patches a decision and the read mark into the feed', () => {
    const rows = [activity({ id: 1, targetId: 40 }), activity({ id: 2, targetId: 41 })];
    expect(setStatus(rows, 41, 'APPROVED').map((a) => a.targetStatus)).toEqual(['OPEN', 'APPROVED']);
    expect(markReadUntil(rows, Date.parse('2026-03-05T13:07:00.000Z')).every((a) => a.read === 1)).toBe(true);
    expect(markReadUntil(rows, Date.parse('2026-03-05T13:06:00.000Z')).every((a) => a.read === 0)).toBe(true);
  });

  it('sends the study level as its label with plus signs', () => {
    expect(studyLevelParam('GL en TL')).toBe('GL+en+TL');
  });
});
