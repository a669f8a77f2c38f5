/** Part 1 §2 / part 2 §6: the last tabs' screens, typed in as an address at a school without licences. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVE_SCHOOL_NOTICE } from '../../src/app/redirect-notice';
import { api } from '../../src/api/catalogue';
import type { Organisation } from '../../src/api/session/types';
import { fake, installFakeApi, renderApp, signedInAs } from './fake-app';

const school = (active: 0 | 1): Organisation => ({
  id: 1,
  name: 'Demoschool',
  location: 'Centrum',
  city: 'Utrecht',
  active,
  classroomCount: 1,
  studentCount: 1,
  teacherCount: 1,
});

beforeEach(() => {
  installFakeApi();
  signedInAs();
});
afterEach(() => vi.unstubAllGlobals());

describe('an inactive school', () => {
  it.each(['/examinations', '/books', '/documents/form/3', '/portfolios', '/wishlist/form/0'])(
    'sends %s to /index with the reason',
    async (path) => {
      fake.on(api.session.organisationInfo, school(0));
      const location = await renderApp(path);
      await waitFor(() => expect(location.history.at(-1)).toBe('/index'), { timeout: 5000 });
      expect(await screen.findByText(INACTIVE_SCHOOL_NOTICE)).toBeInTheDocument();
    },
  );

  it('keeps the teachers page', async () => {
    fake.on(api.session.organisationInfo, school(0));
    const location = await renderApp('/teachers');
    expect(await screen.findByText(/Je hebt voor dit schooljaar nog geen licenties besteld/)).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/teachers');
    expect(screen.queryByText(INACTIVE_SCHOOL_NOTICE)).toBeNull();
  });

  it('leaves an active school on the screen it asked for', async () => {
    fake.on(api.exams.list, []);
    // The tests before cached an inactive school (the same IndexedDB); a cached answer paints before
    // the refresh, and this test is about an active one.
    const { offlineDb } = await import('../../src/data/offline-db');
    await offlineDb.reads.clear();
    const location = await renderApp('/examinations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toetsen' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/examinations');
  });
});
