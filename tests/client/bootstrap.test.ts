/**
 * Signed out, the page starts neither the outbox nor workbox-window; a sign-in registers the worker,
 * and the outbox replayer (it brings Dexie) starts only once something is to be sent.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOfflineDb, OUTBOX_FORMAT } from '../../src/offline/db';

const registerServiceWorker = vi.fn();
const startReplayTriggers = vi.fn();
vi.mock('../../src/data/service-worker', () => ({ registerServiceWorker }));
vi.mock('../../src/data/outbox-client', () => ({ startReplayTriggers }));
vi.mock('../../src/data/auth', () => ({ loadSession: vi.fn(async () => 'signed-out') }));

afterEach(() => {
  vi.clearAllMocks();
});

describe('start-up in the background', () => {
  it('waits for a user before registering the worker, and for a change to send before starting the outbox', async () => {
    const { bootstrapSession } = await import('../../src/app/bootstrap');
    const { session } = await import('../../src/data/session');
    expect(await bootstrapSession()).toBe('signed-out');
    await new Promise((r) => setTimeout(r, 50));
    expect(startReplayTriggers).not.toHaveBeenCalled();
    expect(registerServiceWorker).not.toHaveBeenCalled();

    session.user = {
      id: 7,
      role: 'ADMIN',
      email: 'docent@demoschool.nl',
      organisationName: 'Demoschool',
      currentOrganisationId: 1,
    } as typeof session.user;
    await vi.waitFor(() => expect(registerServiceWorker).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(startReplayTriggers).not.toHaveBeenCalled();

    // A change queued (here by another tab's Dexie): now there is something to send.
    const other = openOfflineDb();
    const now = Date.now();
    await other.outbox.add({
      format: OUTBOX_FORMAT,
      idempotencyKey: 'k',
      endpointId: 'x',
      scope: '7:1',
      args: {},
      label: 'Wijziging',
      createdAt: now,
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
    });
    await vi.waitFor(() => expect(startReplayTriggers).toHaveBeenCalledTimes(1));
    other.close();
  });
});
