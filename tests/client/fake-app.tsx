/** The whole app against the fake server (fetch stubbed), with the answers every screen of the shell asks for. */
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { CurrentUser } from '../../src/api/session/types';
import { type FakeServer, partial, stubFetch } from './fake-server';

export const teacher: CurrentUser = {
  id: 7,
  role: 'ADMIN',
  email: 'docent@demoschool.nl',
  organisationName: 'Demoschool',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Docent',
  studyLevel: null,
};

/** The server of the running test; installFakeApi replaces it. */
export let fake: FakeServer;

/** Call in beforeEach: fresh modules and storage, the shell's answers, fetch stubbed. */
export function installFakeApi(): void {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  fake = stubFetch()
    .on(api.session.config, partial({ system_name: 'Testwijzer', demo: true }))
    .on(api.session.report, { message: 'ok' })
    .on(api.session.logout, { message: 'ok' })
    .on(api.session.organisationInfo, {
      id: 1,
      name: 'Demoschool',
      location: 'Centrum',
      city: 'Utrecht',
      active: 1,
      classroomCount: 1,
      studentCount: 1,
      teacherCount: 1,
    })
    .on(api.licences.list, [])
    .on(api.session.organisations, []);
}

/** Signed in as `user` (tokens in storage, users/info answering it). */
export function signedInAs(user: CurrentUser = teacher): void {
  localStorage.setItem('accessToken', 'a'.repeat(20));
  localStorage.setItem('refreshToken', 'r'.repeat(20));
  fake.on(api.session.info, user);
}

export async function renderApp(path: string) {
  const { App } = await import('../../src/app/app');
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return location;
}
