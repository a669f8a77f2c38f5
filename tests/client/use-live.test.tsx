/** useLive: a live IndexedDB query whose answers render as transitions, with useLiveQuery's contract. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offlineDb } from '../../src/data/offline-db';
import { useLive } from '../../src/data/use-live';

function Shown({ k }: { k: string }) {
  const value = useLive(async () => (await offlineDb.meta.get(k))?.value as string | undefined, [k]);
  return <p>{value ?? 'nog niets'}</p>;
}

describe('useLive', () => {
  it('follows changes, and keeps the last answer while the one for new deps is read', async () => {
    await offlineDb.meta.bulkPut([
      { key: 'live-a', value: 'eerste' },
      { key: 'live-b', value: 'tweede' },
    ]);
    const { rerender } = render(<Shown k="live-a" />);
    expect(screen.getByText('nog niets')).toBeInTheDocument();
    expect(await screen.findByText('eerste')).toBeInTheDocument();
    await act(() => offlineDb.meta.put({ key: 'live-a', value: 'gewijzigd' }));
    expect(await screen.findByText('gewijzigd')).toBeInTheDocument();
    rerender(<Shown k="live-b" />);
    // Not back to nothing in between: the previous answer stays until the new one is there.
    expect(screen.queryByText('nog niets')).not.toBeInTheDocument();
    expect(await screen.findByText('tweede')).toBeInTheDocument();
  });
});
