import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickAvatar } from '../../src/shell/avatar';
import { LoadingOverlay } from '../../src/ui/loading-overlay';
import { renderWithProviders } from './render';

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays at least 300 ms, then fades and is gone after the 1001 ms closing time', () => {
    const { rerender } = renderWithProviders(<LoadingOverlay visible />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Bezig met laden…');
    rerender(<LoadingOverlay visible={false} />);
    act(() => void vi.advanceTimersByTime(250));
    expect(screen.getByRole('status')).not.toHaveAttribute('data-closing');
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByRole('status')).toHaveAttribute('data-closing');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('pickAvatar', () => {
  it('picks one of 5 once and keeps it for the session', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(pickAvatar(storage, () => 0.99)).toBe('/avatars/avatar-5.svg');
    expect(pickAvatar(storage, () => 0)).toBe('/avatars/avatar-5.svg');
    expect(pickAvatar({ getItem: () => null, setItem: () => undefined }, () => 0)).toBe('/avatars/avatar-1.svg');
  });
});
