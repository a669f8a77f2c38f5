/** Issue #18: 'Offline beschikbaar maken' in the sync status: progress, cancel, the ready text, and when it resumes. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/api/session/types';
import { OFFLINE_COPY_REFRESH_MS, PREPARE_KEY } from '../../src/constants';
import { shouldContinue, startOfflineCopy } from '../../src/data/offline-copy';
import { offlineDb } from '../../src/data/offline-db';
import { session } from '../../src/data/session';
import type { PrepareState } from '../../src/offline/prepare';
import { OfflineCopyPanel, readyText } from '../../src/shell/offline-copy';
import { SyncStatus } from '../../src/shell/sync-status';
import { renderWithProviders } from './render';

const teacher = { id: 7, currentOrganisationId: 1, role: 'ADMIN', email: 'docent@demoschool.nl' } as unknown as CurrentUser;
const at = (h: number, m: number) => new Date(new Date().setHours(h, m, 0, 0)).getTime();

function state(over: Partial<PrepareState> = {}): PrepareState {
  return {
    scope: '7:1',
    apiUrl: '/api/',
    status: 'running',
    phase: 'copy',
    files: [],
    done: 30,
    total: 100,
    current: 'Klassen, leerlingen en portfolio’s',
    bytes: 0,
    requests: 1,
    downloaded: 30,
    startedAt: Date.now(),
    ...over,
  };
}

beforeEach(() => {
  session.user = { ...teacher };
});
afterEach(async () => {
  session.user = null;
  await offlineDb.meta.clear();
});

describe('the offline copy', () => {
  it('says what is ready in the words of the issue', () => {
    expect(readyText({ classes: 4, students: 112, items: 340, bytes: 85 * 1048576, finishedAt: at(7, 42) })).toBe(
      'Klaar voor offline: 4 klassen, 112 leerlingen, 340 portfolio-onderdelen · 85 MB · bijgewerkt 07:42',
    );
    expect(readyText({ classes: 1, students: 1, items: 1, bytes: 1572864, finishedAt: at(7, 5) })).toBe(
      'Klaar voor offline: 1 klas, 1 leerling, 1 portfolio-onderdeel · 1,5 MB · bijgewerkt 07:05',
    );
  });

  it('shows the progress of a run and stops it on a tap; what was fetched stays', async () => {
    await offlineDb.meta.put({ key: PREPARE_KEY, value: state() });
    renderWithProviders(<OfflineCopyPanel />);
    // 30 entries of the copy's 100 stored.
    expect(await screen.findByTestId('offline-progress')).toHaveTextContent(
      'Klassen, leerlingen en portfolio’s ophalen… 30 van ongeveer 100 (30%)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stoppen' }));
    expect(await screen.findByText('Gestopt. Wat al is opgehaald, blijft bewaard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verder gaan' })).toBeInTheDocument();
    expect(((await offlineDb.meta.get(PREPARE_KEY))?.value as PrepareState).done).toBe(30);
  });

  it('shows another teacher’s copy on this tablet to nobody else', async () => {
    await offlineDb.meta.put({
      key: PREPARE_KEY,
      value: state({ scope: '8:1', status: 'done', ready: { classes: 2, students: 3, items: 4, bytes: 1, finishedAt: Date.now() } }),
    });
    renderWithProviders(<OfflineCopyPanel />);
    expect(await screen.findByRole('button', { name: 'Offline beschikbaar maken' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-ready')).toBeNull();
  });

  it('does not start on a nearly full device, and says so in Dutch', async () => {
    const storage = navigator.storage;
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ quota: 300 * 1048576, usage: 150 * 1048576 }) },
    });
    try {
      expect(await startOfflineCopy()).toBe(
        'Niet genoeg opslagruimte op dit apparaat: er is ongeveer 30 MB nodig en er is 150 MB vrij. Maak ruimte vrij en probeer het opnieuw.',
      );
      await waitFor(async () => expect(await offlineDb.meta.get(PREPARE_KEY)).toBeUndefined());
    } finally {
      Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
    }
  });

  it('resumes a cut-off run and refreshes a copy older than a day, only with a network', () => {
    const now = Date.now();
    expect(shouldContinue(state({ status: 'paused' }), now, true)).toBe(true);
    expect(shouldContinue(state({ status: 'paused' }), now, false)).toBe(false);
    const ready = (finishedAt: number) => state({ status: 'done', ready: { classes: 1, students: 1, items: 1, bytes: 1, finishedAt } });
    expect(shouldContinue(ready(now - 3600_000), now, true)).toBe(false);
    expect(shouldContinue(ready(now - OFFLINE_COPY_REFRESH_MS - 1), now, true)).toBe(true);
    expect(shouldContinue(state({ status: 'cancelled' }), now, true)).toBe(false);
  });

  it('refreshes a day-old copy when a signed-in page opens (the keeper loads with the copy)', async () => {
    const posted: unknown[] = [];
    const worker = navigator.serviceWorker;
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage: (m: unknown) => posted.push(m) }, getRegistration: async () => undefined },
    });
    try {
      const finishedAt = Date.now() - OFFLINE_COPY_REFRESH_MS - 60_000;
      await offlineDb.meta.put({
        key: PREPARE_KEY,
        value: state({ status: 'done', ready: { classes: 1, students: 1, items: 1, bytes: 1, finishedAt } }),
      });
      renderWithProviders(<SyncStatus />);
      await waitFor(() => expect(posted).toEqual([{ type: 'offline-prepare', scope: '7:1', apiUrl: session.config.api_url }]), {
        timeout: 4000,
      });
    } finally {
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    }
  });

  it('leaves a copy of this morning alone', async () => {
    const posted: unknown[] = [];
    const worker = navigator.serviceWorker;
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage: (m: unknown) => posted.push(m) } },
    });
    try {
      await offlineDb.meta.put({
        key: PREPARE_KEY,
        value: state({ status: 'done', ready: { classes: 1, students: 1, items: 1, bytes: 1, finishedAt: Date.now() - 3600_000 } }),
      });
      renderWithProviders(<SyncStatus />);
      expect(await screen.findByTestId('sync-status')).toBeInTheDocument();
      await new Promise((r) => setTimeout(r, 300));
      expect(posted).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    }
  });
});
