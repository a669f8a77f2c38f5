/**
 * After 'Opnieuw laden' the page sends nothing until the new worker controls it
 * (src/data/update-takeover.ts): every request would be an event of the old worker, and Chromium
 * lets the new one take over only when the old one has none left. A failed update does not leave
 * the screens frozen: after a minute they refresh again.
 */
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { session } from '../../src/data/session';
import { beginTakeover } from '../../src/data/update-takeover';
import { useRead } from '../../src/data/use-read';
import { type FakeServer, stubFetch } from './fake-server';

const POLL_MS = 40;
let server: FakeServer;
/** Every request the page sent so far. */
const sent = () => server.log.length;

beforeEach(() => {
  session.user = {
    id: 7,
    role: 'TEACHER',
    email: 'docent@demoschool.nl',
    organisationName: 'Demoschool',
    currentOrganisationId: 1,
    currentClassroomId: null,
    name: 'Docent',
    studyLevel: null,
  };
  server = stubFetch().on(api.wishlist.userVotes, { up: [], down: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function PollingScreen() {
  const { data } = useRead(api.wishlist.userVotes, {}, { pollMs: POLL_MS });
  return <p>{data ? 'stemmen geladen' : 'laden'}</p>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('stops polling from the tap on, keeps what is shown, and polls again when no update came within a minute', async () => {
  render(<PollingScreen />);
  expect(await screen.findByText('stemmen geladen')).toBeTruthy();
  await vi.waitFor(() => expect(sent()).toBeGreaterThan(2));

  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  beginTakeover();
  await pause(POLL_MS); // a poll already on its way may still finish
  const atTap = sent();
  await pause(POLL_MS * 8);
  expect(sent()).toBe(atTap);
  expect(screen.getByText('stemmen geladen')).toBeTruthy();

  vi.setSystemTime(Date.now() + 61_000);
  await vi.waitFor(() => expect(sent()).toBeGreaterThan(atTap));
});
