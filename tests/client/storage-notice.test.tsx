/** iPad: without persistent storage and with changes waiting, the teacher is told once what to do. */
import { screen } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { swState } from '../../src/data/service-worker';
import { STORAGE_NOTICE_DELAY_MS } from '../../src/constants';
import { STORAGE_NOTICE_TITLE, useStorageNotice } from '../../src/data/storage-notice';
import { renderWithProviders } from './render';

function Probe({ waiting, delay = 20 }: { waiting: number; delay?: number }) {
  useStorageNotice(waiting, delay);
  return <Notifications />;
}

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

describe('the storage notice', () => {
  it('is shown once when storage is not persistent and changes keep waiting', async () => {
    swState.persisted = false;
    const first = renderWithProviders(<Probe waiting={0} />);
    expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
    first.rerender(<Probe waiting={2} />);
    expect(await screen.findByText(STORAGE_NOTICE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(/Zet de Docentenomgeving op het beginscherm/)).toBeInTheDocument();
    first.unmount();
    notifications.clean();

    // A later page load with changes waiting again: not a second time.
    renderWithProviders(<Probe waiting={3} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
  });

  it('is not shown for a change that leaves before the delay', async () => {
    swState.persisted = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const view = renderWithProviders(<Probe waiting={1} delay={STORAGE_NOTICE_DELAY_MS} />);
      await vi.advanceTimersByTimeAsync(STORAGE_NOTICE_DELAY_MS - 1000);
      view.rerender(<Probe waiting={0} delay={STORAGE_NOTICE_DELAY_MS} />);
      await vi.advanceTimersByTimeAsync(STORAGE_NOTICE_DELAY_MS);
      expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not shown when the browser keeps the data', async () => {
    swState.persisted = true;
    renderWithProviders(<Probe waiting={5} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
  });
});
