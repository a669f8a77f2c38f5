/** Deleting one student asks students/portfolioCount first (part 1 §7) and warns only about a real portfolio. */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { type FakeServer, stubFetch } from './fake-server';

const confirmAction = vi.fn(async (_opts: { title?: string; message: string }) => false);
vi.mock('../../src/ui/confirm', () => ({ confirmAction: (opts: { title?: string; message: string }) => confirmAction(opts) }));

const { useStudentDelete } = await import('../../src/features/classrooms/use-student-delete');

let server: FakeServer;
beforeEach(() => {
  confirmAction.mockClear();
  server = stubFetch().at(api.students.portfolioCount, { id: 5 }, { count: 0 }).at(api.students.portfolioCount, { id: 6 }, { count: 3 });
});
afterEach(() => vi.unstubAllGlobals());

describe('deleting one student', () => {
  it('asks the server and does not mention a portfolio the student does not have', async () => {
    const { result } = renderHook(() => useStudentDelete(() => undefined));
    await result.current.remove({ id: 5, name: 'Lotte Bakker', email: 'l.bakker@hetbaken.nl' });
    expect(server.calls(api.students.portfolioCount, { id: 5 }).length).toBeGreaterThan(0);
    expect(confirmAction).toHaveBeenCalledWith({ message: 'Weet je zeker dat je Lotte Bakker wilt verwijderen?' });
    // Cancelled: nothing deleted.
    expect(server.calls(api.students.delete)).toHaveLength(0);
  });

  it('warns about the portfolio when there is one, with its size', async () => {
    const { result } = renderHook(() => useStudentDelete(() => undefined));
    await result.current.remove({ id: 6, name: '', email: 'sem@hetbaken.nl' });
    const asked = confirmAction.mock.calls[0]![0];
    expect(asked.title).toBe('Let op!');
    expect(asked.message).toMatch(/^Het portfolio van sem@hetbaken\.nl wordt ook verwijderd \(3 onderdelen\)\./);
  });
});
