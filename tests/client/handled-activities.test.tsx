/** The dashboard's 'Afgehandeld' ticks stay per teacher on this device (issue 16 item 13). */
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../src/api/dashboard/types';
import { ActivityTable } from '../../src/features/dashboard/activity-table';
import { useHandledActivities } from '../../src/features/dashboard/use-handled-activities';
import { renderWithProviders } from './render';

beforeEach(() => localStorage.clear());

const row = (id: number): Activity => ({
  id,
  typeText: 'LOGIN',
  read: 1,
  dateTimeCreatedText: '2026-11-20T10:00:00.000Z',
  userId: 9,
  userName: `Leerling ${id}`,
  userQuizResult: null,
  portfolioItem: null,
  lessonId: null,
  lessonName: null,
  targetId: null,
  targetStatus: null,
});

function Table({ userId }: { userId: number }) {
  const { handled, setHandled } = useHandledActivities(userId);
  return (
    <ActivityTable
      rows={[row(41), row(42)]}
      hasMore={false}
      loadingEarlier={false}
      onLoadEarlier={() => undefined}
      onDecide={() => undefined}
      checked={handled}
      onCheck={setHandled}
    />
  );
}

describe('Afgehandeld ticks', () => {
  it('survive leaving the dashboard and a reload', async () => {
    const first = renderWithProviders(<Table userId={7} />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Afgehandeld: Leerling 41/ }));
    first.unmount();
    renderWithProviders(<Table userId={7} />);
    expect(screen.getByRole('checkbox', { name: /Afgehandeld: Leerling 41/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Afgehandeld: Leerling 42/ })).not.toBeChecked();
  });

  it('are each teacher’s own, and can be taken back', () => {
    const docent = renderHook(() => useHandledActivities(7));
    act(() => docent.result.current.setHandled(41, true));
    expect(renderHook(() => useHandledActivities(8)).result.current.handled.size).toBe(0);
    act(() => docent.result.current.setHandled(41, false));
    expect(renderHook(() => useHandledActivities(7)).result.current.handled.has(41)).toBe(false);
  });
});
