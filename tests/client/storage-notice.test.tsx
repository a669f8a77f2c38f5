/** iPad: without persistent storage and with changes waiting, the teacher is told once what to do. */
import { screen } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { swState } from '../../src/data/service-worker';
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
    const view = renderWithProviders(<Probe waiting={1} delay={200} />);
    await new Promise((r) => setTimeout(r, 50));
    view.rerender(<Probe waiting={0} delay={200} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
  });

  it('is not shown when the browser keeps the data', async () => {
    swState.persisted = true;
    renderWithProviders(<Probe waiting={5} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(STORAGE_NOTICE_TITLE)).toBeNull();
  });
});
