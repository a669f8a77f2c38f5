/**
 * Renders a long list of children a slice at a time: the first slice with the screen, each next one in
 * a transition after the previous one is on screen. React cannot split a commit, and inserting a
 * whole table (400 elements) was one of the longest tasks of a page's load on a slow tablet; slices of
 * a few rows keep every task short, and the rows below the first screenful follow within a few frames.
 * Until then an empty placeholder of their height holds their place, so what comes after the list
 * does not move down slice by slice (a layout shift): the height of the rows already there, measured
 * before the first paint, times the rows to come.
 */
import { Children, startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows per commit: about 100 elements of a list row with a link and a few buttons. */
const SLICE = 6;

export interface SlicedProps {
  children: ReactNode;
  step?: number;
  /** The placeholder: a table row inside a tbody, a block elsewhere. */
  as?: 'tr' | 'div';
  /** About the height of one child in px, until the first ones are measured. */
  estimate?: number;
}

export function Sliced({ children, step = SLICE, as: Placeholder = 'tr', estimate = 48 }: SlicedProps) {
  const all = Children.toArray(children);
  const [shown, setShown] = useState(step);
  const [measured, setMeasured] = useState<number | null>(null);
  // One ref for either element: a row and a block both have offsetTop and siblings.
  const placeholder = useRef<HTMLTableRowElement & HTMLDivElement>(null);
  const rest = Math.max(0, all.length - shown);
  useLayoutEffect(() => {
    const end = placeholder.current;
    if (!end || measured !== null) return;
    // From the first child's top to the placeholder's: rows, borders and gaps, as the rest will take.
    let first: Element | null = end;
    for (let i = 0; i < shown && first?.previousElementSibling; i++) first = first.previousElementSibling;
    if (!(first instanceof HTMLElement) || first === end) return;
    const height = (end.offsetTop - first.offsetTop) / shown;
    // The placeholder takes its height before the first paint, and the state follows in a transition:
    // a state update in a layout effect is rendered at once, and with it every effect of the commit,
    // all in one task (the longest of a page's load on a slow tablet).
    end.style.height = `${rest * height}px`;
    startTransition(() => setMeasured(height));
  }, [measured, shown, rest]);
  useEffect(() => {
    if (rest > 0) startTransition(() => setShown((n) => n + step));
  }, [rest, step]);
  // The same shape with and without the placeholder: a list at the first place, so the last slice does
  // not remount every row (a card's open comments, a row's focus would be lost).
  return (
    <>
      {rest === 0 ? all : all.slice(0, shown)}
      {rest > 0 && <Placeholder ref={placeholder} aria-hidden="true" style={{ height: rest * (measured ?? estimate) }} />}
    </>
  );
}
