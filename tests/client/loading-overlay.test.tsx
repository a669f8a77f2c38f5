/// <reference types="node" />
// node:fs: Vitest hands CSS to client tests as empty modules, so the stylesheet is read as a file.
import { readFileSync } from 'node:fs';
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

describe('LoadingOverlay in the background (part 1 §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const closeFirstShow = (rerender: (ui: React.ReactElement) => void, fast = false) => {
    rerender(<LoadingOverlay visible={false} fast={fast} />);
    act(() => void vi.advanceTimersByTime(300));
    act(() => void vi.advanceTimersByTime((fast ? 601 : 1001) + 5));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  };

  it('re-shows only after 500 ms, so a quick background load does not flash it', () => {
    const { rerender } = renderWithProviders(<LoadingOverlay visible />);
    closeFirstShow(rerender);
    rerender(<LoadingOverlay visible />);
    act(() => void vi.advanceTimersByTime(490));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(20));
    expect(screen.getByRole('status')).toHaveTextContent('Bezig met laden…');
    // Once shown, it still stays its 300 ms.
    rerender(<LoadingOverlay visible={false} />);
    act(() => void vi.advanceTimersByTime(270));
    expect(screen.getByRole('status')).not.toHaveAttribute('data-closing');
    // A load shorter than the re-show time never shows it.
    act(() => void vi.advanceTimersByTime(20));
    act(() => void vi.advanceTimersByTime(1100));
    rerender(<LoadingOverlay visible />);
    act(() => void vi.advanceTimersByTime(400));
    rerender(<LoadingOverlay visible={false} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('re-shows after 300 ms when fast', () => {
    const { rerender } = renderWithProviders(<LoadingOverlay visible fast />);
    closeFirstShow(rerender, true);
    rerender(<LoadingOverlay visible fast />);
    act(() => void vi.advanceTimersByTime(290));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(20));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('blurs the page beneath by 5 px when it shows over it, not at start-up over the shell being built', () => {
    const { rerender } = renderWithProviders(<LoadingOverlay visible />);
    expect(screen.getByRole('status')).not.toHaveAttribute('data-over-page');
    closeFirstShow(rerender);
    rerender(<LoadingOverlay visible />);
    act(() => void vi.advanceTimersByTime(510));
    expect(screen.getByRole('status')).toHaveAttribute('data-over-page');
    // The one rule with the blur, and it needs the attribute (index.html's static overlay has none).
    const css = readFileSync('src/app/loading-overlay.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const blurred = [...css.matchAll(/([^{}]+)\{[^}]*backdrop-filter:\s*blur\(5px\)/g)].map((m) => m[1]!.trim());
    expect(blurred).toEqual(['.loading-overlay[data-over-page]']);
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
