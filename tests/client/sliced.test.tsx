/** src/ui/sliced.tsx: every child shows after a few slices, and a child's own state survives the last one. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Sliced } from '../../src/ui/sliced';

function Card({ n }: { n: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="card">
      <button onClick={() => setOpen(true)}>Open {n}</button>
      {open && <p>Open kaart {n}</p>}
    </div>
  );
}

describe('Sliced', () => {
  it('shows every child in the end, and a card opened before the last slice stays open', async () => {
    const user = userEvent.setup();
    const list = (count: number) => (
      <Sliced step={3} as="div">
        {Array.from({ length: count }, (_, i) => (
          <Card key={i} n={i} />
        ))}
      </Sliced>
    );
    const { rerender } = render(list(4));
    await user.click(await screen.findByRole('button', { name: 'Open 1' }));
    expect(screen.getByText('Open kaart 1')).toBeInTheDocument();
    // More cards arrive: sliced again, the last slice swaps the placeholder away.
    rerender(list(20));
    await screen.findByRole('button', { name: 'Open 19' });
    expect(screen.getAllByTestId('card')).toHaveLength(20);
    expect(screen.getByText('Open kaart 1')).toBeInTheDocument();
  });
});
