/** The portfolios page's calls as part 2 §7 lists them (issue 16 item 16). */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { fake, installFakeApi, renderApp, signedInAs } from './fake-app';

beforeEach(() => {
  installFakeApi();
  signedInAs();
  fake.on(api.portfolios.filters, { classrooms: [], studyLevels: [], sections: [], chapters: [], lessons: [] });
  fake.on(api.portfolios.list, []);
});
afterEach(() => vi.unstubAllGlobals());

describe('portfolioItems/filters', () => {
  it('sends the fields part 2 §7 names', async () => {
    await renderApp('/portfolios');
    await waitFor(() => expect(fake.calls(api.portfolios.filters).length).toBeGreaterThan(0), { timeout: 5000 });
    const body = fake.sent(api.portfolios.filters, 0);
    expect(Object.keys(body).sort()).toEqual(['chapters', 'classrooms', 'mode', 'page', 'query', 'sections', 'sort', 'studyLevels']);
    expect(body).toMatchObject({ classrooms: [], studyLevels: [], sections: [], chapters: [], page: 1, query: '' });
  });
});
