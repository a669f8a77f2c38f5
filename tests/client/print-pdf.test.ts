/**
 * The module PDF of /books is fetched outside the catalogue (print/{hash}.pdf), with the session like
 * every call: an access token that expired while the PDF was being made is refreshed once, and the
 * PDF still arrives; a refused refresh ends in the server's Dutch reason, not a broken download.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = (request: Request) => Promise<Response>;
let answers: Record<string, Answer>;
let sent: { path: string; authorization: string | null }[];

const json = (body: unknown, status = 200): Answer => async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const PDF = '%PDF-1.4 module';
/** The PDF for the new token only; the old one has expired. */
const pdfFor = (token: string): Answer => async (request) =>
  request.headers.get('Authorization') === `Bearer ${token}`
    ? new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
    : json({ error: { message: 'Je sessie is verlopen.' } }, 401)(request);

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  const { offlineDb } = await import('../../src/data/offline-db');
  await offlineDb.meta.clear();
  sent = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      sent.push({ path, authorization: request.headers.get('Authorization') });
      const answer = answers[`${request.method} ${path}`];
      return answer ? answer(request) : json({ error: { message: 'Niet gevonden' } }, 404)(request);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the module PDF', () => {
  it('refreshes an expired access token once and still delivers the PDF', async () => {
    answers['GET print/abc123.pdf'] = pdfFor('access-2');
    answers['GET users/refreshToken/refresh-1'] = json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    const blob = await fetchPdf('/api/print/abc123.pdf');
    expect(await blob.text()).toBe(PDF);
    expect(sent.filter((r) => r.path === 'print/abc123.pdf').map((r) => r.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });

  it("gives the server's reason when the refresh is refused, and marks the session expired", async () => {
    answers['GET print/abc123.pdf'] = pdfFor('access-2');
    answers['GET users/refreshToken/refresh-1'] = json({ error: { message: 'Sessie verlopen' } }, 401);
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    const { session } = await import('../../src/data/session');
    await expect(fetchPdf('/api/print/abc123.pdf')).rejects.toMatchObject({ status: 401, message: 'Je sessie is verlopen.' });
    expect(sent.filter((r) => r.path === 'print/abc123.pdf')).toHaveLength(1);
    expect(session.expired).toBe(true);
  });

  it('says the PDF needs a connection when the server cannot be reached', async () => {
    answers['GET print/abc123.pdf'] = () => Promise.reject(new TypeError('Failed to fetch'));
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    await expect(fetchPdf('/api/print/abc123.pdf')).rejects.toMatchObject({ status: 0, isNetwork: true });
  });
});
