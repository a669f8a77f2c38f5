/**
 * Renders a long list of children a slice at a time: the first slice with the screen, each next one in
 * a transition after the previous one is on screen. React cannot split a commit, and inserting a
 * whole table (400 elements) was one of the longest tasks of a page's load on a slow tablet; slices of
 * a few rows keep every task short, and the rows below the first screenful follow within a few frames.
 */
import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/** Rows per commit: about 100 elements of a list row with a link and a few buttons. */
export const SLICE = 6;

export function Sliced({ children, step = SLICE }: { children: ReactNode; step?: number }) {
  const all = Children.toArray(children);
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown < all.length) startTransition(() => setShown((n) => n + step));
  }, [shown, all.length, step]);
  return <>{shown >= all.length ? all : all.slice(0, shown)}</>;
}
