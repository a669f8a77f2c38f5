/**
 * Renders a long list of children a slice at a time: the first slice with the screen, each next one in
 * a transition after the previous one is on screen. React cannot split a commit, and inserting a
 * whole table (400 elements) was one of the longest tasks of a page's load on a slow tablet; slices of
 * a few rows keep every task short, and the rows below the first screenful follow within a few frames.
 * Until then an empty placeholder of about their height holds their place, so what comes after the
 * list does not move down slice by slice (a layout shift on a tablet showing both).
 */
import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/** Rows per commit: about 100 elements of a list row with a link and a few buttons. */
export const SLICE = 6;

export interface SlicedProps {
  children: ReactNode;
  step?: number;
  /** The placeholder: a table row inside a tbody, a block elsewhere. */
  as?: 'tr' | 'div';
  /** About the height of one child in px (a table row with 44 px touch targets by default). */
  estimate?: number;
}

export function Sliced({ children, step = SLICE, as: Placeholder = 'tr', estimate = 48 }: SlicedProps) {
  const all = Children.toArray(children);
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown < all.length) startTransition(() => setShown((n) => n + step));
  }, [shown, all.length, step]);
  if (shown >= all.length) return <>{all}</>;
  return (
    <>
      {all.slice(0, shown)}
      <Placeholder aria-hidden="true" style={{ height: (all.length - shown) * estimate }} />
    </>
  );
}
