/** The portfolios page's calls as part 2 §7 lists them (issue 16 item 16). */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake, installFakeApi, json, renderApp, signedInAs } from './fake-app';

beforeEach(() => {
  installFakeApi();
  signedInAs();
  fake.answers['POST portfolioItems/filters'] = json({ classrooms: [], studyLevels: [], sections: [], chapters: [], lessons: [] });
  fake.answers['POST portfolioItems/list'] = json([]);
});
afterEach(() => vi.unstubAllGlobals());

describe('portfolioItems/filters', () => {
  it('sends the fields part 2 §7 names', async () => {
    await renderApp('/portfolios');
    await waitFor(() => expect(fake.requests.some((r) => r.path === 'portfolioItems/filters')).toBe(true), { timeout: 5000 });
    const body = JSON.parse(fake.requests.find((r) => r.path === 'portfolioItems/filters')!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['chapters', 'classrooms', 'mode', 'page', 'query', 'sections', 'sort', 'studyLevels']);
    expect(body).toMatchObject({ classrooms: [], studyLevels: [], sections: [], chapters: [], page: 1, query: '' });
  });
});
