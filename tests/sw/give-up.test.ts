import { afterEach, describe, expect, it, vi } from 'vitest';
import { GIVE_UP_MS } from '../../src/constants';
import { giveUpSignal } from '../../src/offline/give-up';

afterEach(() => vi.useRealTimers());

describe('giveUpSignal', () => {
  it('aborts after the given time as a timeout', () => {
    vi.useFakeTimers();
    const signal = giveUpSignal(GIVE_UP_MS);
    vi.advanceTimersByTime(GIVE_UP_MS - 1);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('follows a longer-lived signal, with its reason', () => {
    const run = new AbortController();
    const signal = giveUpSignal(GIVE_UP_MS, run.signal);
    run.abort('interrupted');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('interrupted');
  });

  it('is aborted at once when the longer-lived signal already was', () => {
    const run = new AbortController();
    run.abort('cancelled');
    expect(giveUpSignal(GIVE_UP_MS, run.signal).reason).toBe('cancelled');
  });

  it('leaves no listener on the longer-lived signal once its own time is up (a run of a thousand requests)', () => {
    vi.useFakeTimers();
    const run = new AbortController();
    const listening = new Set<unknown>();
    const add = run.signal.addEventListener.bind(run.signal);
    const remove = run.signal.removeEventListener.bind(run.signal);
    vi.spyOn(run.signal, 'addEventListener').mockImplementation(
      (type, listener, options) => (listening.add(listener), add(type, listener, options)),
    );
    vi.spyOn(run.signal, 'removeEventListener').mockImplementation(
      (type, listener, options) => (listening.delete(listener), remove(type, listener, options)),
    );
    for (let i = 0; i < 1000; i++) giveUpSignal(GIVE_UP_MS, run.signal);
    expect(listening.size).toBe(1000);
    vi.advanceTimersByTime(GIVE_UP_MS);
    expect(listening.size).toBe(0);
  });
});
