/**
 * A plain button until its first tap, then a lazily loaded version of it (a Menu, a Popover) that is
 * tapped in its turn, so it opens as if the teacher had tapped it. Keeps Mantine's menus, popovers,
 * modals and floating-ui out of a page's load until someone opens one (issue 17).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

/** Focuses and taps the button it wraps once mounted (the plain one it replaces is gone by then). */
function TapOnMount({ children }: { children: ReactElement }) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const button = box.current?.querySelector<HTMLElement>('button, [role="button"]');
    button?.focus({ preventScroll: true });
    button?.click();
  }, []);
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

export interface FirstTapProps<P> {
  /** The button before the first tap; `onTap` replaces it by the loaded version, `onPreload` starts the download. */
  plain: (handlers: { onTap: () => void; onPreload: () => void }) => ReactElement;
  props: P;
}

/** `load` resolves to the full component; the returned component takes the plain button and its props. */
export function onFirstTap<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<FirstTapProps<P>> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load());
  const Loaded = lazy(async () => ({ default: await preload() }));
  function FirstTap({ plain, props }: FirstTapProps<P>) {
    const [wanted, setWanted] = useState(false);
    // On pointerdown the chunk starts loading, before the click that asks for it.
    const button = plain({ onTap: () => setWanted(true), onPreload: () => void preload().catch(() => undefined) });
    if (!wanted) return button;
    return (
      <Suspense fallback={button}>
        <TapOnMount>
          <Loaded {...props} />
        </TapOnMount>
      </Suspense>
    );
  }
  return FirstTap;
}
