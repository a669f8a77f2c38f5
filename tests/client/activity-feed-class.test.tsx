/**
 * The feed after a class change (use-activity-feed.ts): every page names its class, and a page of
 * the class before the change (a poll sent before the server took it, answered after) is not merged.
 * Merged, its rows stayed among the new class's until a reload (CI saw Daan Jansen, only in 1B, for
 * more than 10 s after choosing 1K).
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { Activity, FeedPage } from '../../src/api/dashboard/types';
import { DELIVERED_EVENT } from '../../src/data/delivered';
import { session } from '../../src/data/session';
import { useActivityFeed } from '../../src/features/dashboard/use-activity-feed';
import { openOfflineDb } from '../../src/offline/db';
import { respond, stubFetch } from './fake-server';
import { teacher } from './fake-app';

const CLASS_1B = 11;
const CLASS_1K = 12;

const row = (id: number, userName: string): Activity => ({
  id,
  typeText: 'LOGIN',
  read: 1,
  dateTimeCreatedText: '2026-11-20T10:00:00.000Z',
  userId: id,
  userName,
  userQuizResult: null,
  portfolioItem: null,
  lessonId: null,
  lessonName: null,
  targetId: null,
  targetStatus: null,
});

const page1B: FeedPage = { classroomId: CLASS_1B, activities: [row(30, 'Daan Jansen'), row(29, 'Sanne de Vries')] };
const page1K: FeedPage = { classroomId: CLASS_1K, activities: [row(28, 'Mila Bakker')] };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  const db = openOfflineDb();
  await db.open();
  await Promise.all([db.reads.clear(), db.outbox.clear(), db.meta.clear()]);
  db.close();
  localStorage.setItem('accessToken', 'a'.repeat(20));
  localStorage.setItem('refreshToken', 'r'.repeat(20));
  session.user = { ...teacher, currentClassroomId: CLASS_1B };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the feed after a class change', () => {
  it('skips a page of the old class that answers after the change, and shows only the new class', async () => {
    // The server: 1B until the change; after it, the first answer still carries 1B (a poll sent
    // before the server took the change), then 1K.
    let changed = false;
    let lateOld = 1;
    const fake = stubFetch().on(
      api.dashboard.activities,
      respond(() => json(!changed ? page1B : lateOld-- > 0 ? page1B : page1K)),
    );
    const { result } = renderHook(() => useActivityFeed());
    await waitFor(() => expect(result.current.rows.map((r) => r.userName)).toEqual(['Daan Jansen', 'Sanne de Vries']));

    // The class write is delivered: the feed starts again for 1K; its reload gets the late 1B page.
    changed = true;
    await act(() => result.current.restart(CLASS_1K));
    expect(fake.calls(api.dashboard.activities).length).toBeGreaterThanOrEqual(2);
    expect(result.current.rows.map((r) => r.userName)).toEqual([]);
    expect(result.current.loading).toBe(true);

    // The next refresh brings 1K: its rows, and none of 1B's.
    act(() => void window.dispatchEvent(new CustomEvent(DELIVERED_EVENT, { detail: { areas: null } })));
    await waitFor(() => expect(result.current.rows.map((r) => r.userName)).toEqual(['Mila Bakker']));
    expect(result.current.loading).toBe(false);
  });

  it('starts the list anew when the server names another class (chosen on another device)', async () => {
    let other = false;
    stubFetch().on(
      api.dashboard.activities,
      respond(() => json(other ? page1K : page1B)),
    );
    const { result } = renderHook(() => useActivityFeed());
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    other = true;
    act(() => void window.dispatchEvent(new CustomEvent(DELIVERED_EVENT, { detail: { areas: null } })));
    await waitFor(() => expect(result.current.rows.map((r) => r.userName)).toEqual(['Mila Bakker']));
  });
});
