/** Part 1 §2 / part 2 §6: the last tabs' screens, typed in as an address at a school without licences. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVE_SCHOOL_NOTICE } from '../../src/app/redirect-notice';
import { api } from '../../src/api/catalogue';
import type { Organisation } from '../../src/api/session/types';
import { fake, installFakeApi, renderApp, signedInAs, teacher } from './fake-app';
import { partial } from './fake-server';

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

/**
 * A link to a screen the guard would bounce is not offered: 'Nieuw schooljaar' on the class list,
 * 'Voortgang' on a class's students and 'Voortgang van deze klas' on the dashboard follow the guard's
 * own rule (active school; the progress also needs portfolio_enabled).
 */
describe('links to the screens of an active school', () => {
  const room = { id: 3, name: '1B', mainTeacherId: teacher.id, studentCount: 0, chapters: [], defaultStudyLevel: 'basis' };
  const pages = [
    { path: '/classrooms', ready: { role: 'link', name: 'Klas toevoegen' }, link: 'Nieuw schooljaar' },
    { path: '/classrooms/students/3', ready: { role: 'heading', name: '1B' }, link: 'Voortgang' },
    { path: '/index', ready: { role: 'link', name: 'Leerlingen van deze klas' }, link: 'Voortgang van deze klas' },
  ] as const;

  beforeEach(async () => {
    signedInAs({ ...teacher, currentClassroomId: 3 });
    fake
      .on(api.classrooms.school, partial([room]))
      .on(api.classrooms.details, partial(room))
      .on(api.classrooms.students, [])
      .on(api.classrooms.idleStudents, [])
      .on(api.classrooms.orphanStudents, [])
      .on(api.schoolYear.archivedYears, [])
      .on(api.dashboard.activities, { classroomId: 3, activities: [] });
    // Each test decides the school's state; a cached answer of the test before would paint first.
    const { offlineDb } = await import('../../src/data/offline-db');
    await offlineDb.reads.clear();
  });

  it.each(pages)('hides ‘$link’ on $path at an inactive school', async ({ path, ready, link }) => {
    fake.on(api.session.organisationInfo, school(0));
    await renderApp(path);
    expect(await screen.findByText(/Je hebt voor dit schooljaar nog geen licenties besteld/)).toBeInTheDocument();
    expect(await screen.findByRole(ready.role, { name: ready.name, level: ready.role === 'heading' ? 1 : undefined })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: link })).toBeNull();
  });

  it.each(pages)('offers ‘$link’ on $path at an active school', async ({ path, link }) => {
    await renderApp(path);
    expect(await screen.findByRole('link', { name: link })).toBeInTheDocument();
  });
});
