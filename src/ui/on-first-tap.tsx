/**
 * A plain button until its first tap, then a lazily loaded version of it (a Menu, a Popover) that is
 * tapped in its turn, so it opens as if the teacher had tapped it. Keeps Mantine's menus, popovers,
 * modals and floating-ui out of a page's load until someone opens one (issue 17).
 */
import { useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { loader, useLoaded } from './use-loaded';

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
  const component = loader(load);
  function FirstTap({ plain, props }: FirstTapProps<P>) {
    const [wanted, setWanted] = useState(false);
    // Not lazy() and Suspense (see use-loaded.ts): the menu opened 300 ms after the chunk was there.
    const { value: Loaded } = useLoaded(component, wanted);
    // On pointerdown the chunk starts loading, before the click that asks for it.
    const button = plain({ onTap: () => setWanted(true), onPreload: () => void component.load().catch(() => undefined) });
    if (!wanted || !Loaded) return button;
    return (
      <TapOnMount>
        <Loaded {...props} />
      </TapOnMount>
    );
  }
  return FirstTap;
}
