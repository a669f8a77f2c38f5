/**
 * The module PDF of /books is fetched outside the catalogue (print/{hash}.pdf), with the session like
 * every call: an access token that expired while the PDF was being made is refreshed once, and the
 * PDF still arrives; a refused refresh ends in the server's Dutch reason, not a broken download.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { type FakeServer, failure, offline, respond, stubFetch } from './fake-server';

let server: FakeServer;

const PDF = '%PDF-1.4 module';
/** The PDF for the new token only; the old one has expired. */
const pdfFor = (token: string) =>
  respond((request) =>
    request.headers.get('Authorization') === `Bearer ${token}`
      ? new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
      : failure(401, 'Je sessie is verlopen.').respond(request),
  );
const pdfCalls = () => server.calls(api.printing.pdf, { hash: 'abc123' });

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  const { offlineDb } = await import('../../src/data/offline-db');
  await offlineDb.meta.clear();
  server = stubFetch();
});

afterEach(() => vi.unstubAllGlobals());

describe('the module PDF', () => {
  it('refreshes an expired access token once and still delivers the PDF', async () => {
    server.at(api.printing.pdf, { hash: 'abc123' }, pdfFor('access-2'));
    server.at(api.session.refreshToken, { refreshToken: 'refresh-1' }, { accessToken: 'access-2', refreshToken: 'refresh-2' });
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    const blob = await fetchPdf('/api/print/abc123.pdf');
    expect(await blob.text()).toBe(PDF);
    expect(pdfCalls().map((r) => r.headers.get('Authorization'))).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });

  it("gives the server's reason when the refresh is refused, and marks the session expired", async () => {
    server.at(api.printing.pdf, { hash: 'abc123' }, pdfFor('access-2'));
    server.at(api.session.refreshToken, { refreshToken: 'refresh-1' }, failure(401, 'Sessie verlopen'));
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    const { session } = await import('../../src/data/session');
    await expect(fetchPdf('/api/print/abc123.pdf')).rejects.toMatchObject({ status: 401, message: 'Je sessie is verlopen.' });
    expect(pdfCalls()).toHaveLength(1);
    expect(session.expired).toBe(true);
  });

  it('says the PDF needs a connection when the server cannot be reached', async () => {
    server.at(api.printing.pdf, { hash: 'abc123' }, offline());
    const { fetchPdf } = await import('../../src/features/printing/use-print-module');
    await expect(fetchPdf('/api/print/abc123.pdf')).rejects.toMatchObject({ status: 0, isNetwork: true });
  });
});
