/** The whole app against a fake API (fetch stubbed): answers by "METHOD path", every request recorded. */
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';

export type Answer = { status: number; body: unknown };
export const json = (body: unknown, status = 200): Answer => ({ status, body });

export const teacher = {
  id: 7,
  role: 'ADMIN',
  email: 'docent@demoschool.nl',
  organisationName: 'Demoschool',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Docent',
  studyLevel: null,
};

export const fake = {
  answers: {} as Record<string, Answer | (() => Answer)>,
  requests: [] as { path: string; method: string; body: string }[],
};

/** Call in beforeEach: fresh modules and storage, the shell's answers, fetch stubbed. */
export function installFakeApi(): void {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  fake.requests = [];
  fake.answers = {
    'GET config': json({ system_name: 'Testwijzer', demo: true }),
    'POST application/Jobs/Report.php': json({ message: 'ok' }),
    'POST login/logout': json({ message: 'ok' }),
    'GET organisations/info': json({ id: 1, name: 'Demoschool', location: 'Centrum', city: 'Utrecht', active: 1, classroomCount: 1, studentCount: 1, teacherCount: 1 }),
    'GET organisations/licenses': json([]),
    'GET organisations': json([]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      const body = request.method === 'GET' ? '' : await request.clone().text();
      fake.requests.push({ path, method: request.method, body });
      const a = fake.answers[`${request.method} ${path}`];
      const answer = typeof a === 'function' ? a() : (a ?? json({ error: { message: 'Niet gevonden' } }, 404));
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

/** Signed in as `user` (tokens in storage, users/info answering it). */
export function signedInAs(user: object = teacher): void {
  localStorage.setItem('accessToken', 'a'.repeat(20));
  localStorage.setItem('refreshToken', 'r'.repeat(20));
  fake.answers['GET users/info'] = json(user);
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
