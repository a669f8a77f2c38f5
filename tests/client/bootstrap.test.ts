/** Signed out, the page starts neither the outbox nor workbox-window (they bring Dexie); a sign-in starts both. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const registerServiceWorker = vi.fn();
const startReplayTriggers = vi.fn();
vi.mock('../../src/data/service-worker', () => ({ registerServiceWorker }));
vi.mock('../../src/data/outbox-client', () => ({ startReplayTriggers }));
vi.mock('../../src/data/auth', () => ({ loadSession: vi.fn(async () => 'signed-out') }));

afterEach(() => {
  vi.clearAllMocks();
});

describe('start-up in the background', () => {
  it('waits for a user before starting the outbox and the worker registration', async () => {
    const { bootstrapSession } = await import('../../src/app/bootstrap');
    const { session } = await import('../../src/data/session');
    expect(await bootstrapSession()).toBe('signed-out');
    await new Promise((r) => setTimeout(r, 50));
    expect(startReplayTriggers).not.toHaveBeenCalled();
    expect(registerServiceWorker).not.toHaveBeenCalled();

    session.user = { id: 7, role: 'ADMIN', email: 'docent@demoschool.nl', organisationName: 'Demoschool', currentOrganisationId: 1 } as typeof session.user;
    await vi.waitFor(() => expect(startReplayTriggers).toHaveBeenCalledTimes(1));
    expect(registerServiceWorker).toHaveBeenCalledTimes(1);
  });
});
