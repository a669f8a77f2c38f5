/** Deleting one student asks students/portfolioCount first (part 1 §7) and warns only about a real portfolio. */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const confirmAction = vi.fn(async (_opts: { title?: string; message: string }) => false);
vi.mock('../../src/ui/confirm', () => ({ confirmAction: (opts: { title?: string; message: string }) => confirmAction(opts) }));

const { useStudentDelete } = await import('../../src/features/classrooms/use-student-delete');

let counts: Record<number, number>;
let requests: string[];
beforeEach(() => {
  confirmAction.mockClear();
  requests = [];
  counts = { 5: 0, 6: 3 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      requests.push(`${request.method} ${path}`);
      const m = /^students\/portfolioCount\/(\d+)$/.exec(path);
      const body = m ? { count: counts[Number(m[1])] } : { error: { message: 'Niet gevonden' } };
      return new Response(JSON.stringify(body), { status: m ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('deleting one student', () => {
  it('asks the server and does not mention a portfolio the student does not have', async () => {
    const { result } = renderHook(() => useStudentDelete(() => undefined));
    await result.current.remove({ id: 5, name: 'Lotte Bakker', email: 'l.bakker@hetbaken.nl' });
    expect(requests).toContain('DELETE students/portfolioCount/5');
    expect(confirmAction).toHaveBeenCalledWith({ message: 'Weet je zeker dat je Lotte Bakker wilt verwijderen?' });
    // Cancelled: nothing deleted.
    expect(requests.some((r) => r.startsWith('DELETE students/delete/'))).toBe(false);
  });

  it('warns about the portfolio when there is one, with its size', async () => {
    const { result } = renderHook(() => useStudentDelete(() => undefined));
    await result.current.remove({ id: 6, name: '', email: 'sem@hetbaken.nl' });
    const asked = confirmAction.mock.calls[0]![0];
    expect(asked.title).toBe('Let op!');
    expect(asked.message).toMatch(/^Het portfolio van sem@hetbaken\.nl wordt ook verwijderd \(3 onderdelen\)\./);
  });
});
