/**
 * Appears once the page is scrolled beyond one viewport height (part 1 §9). Rendered in place, not in
 * a portal, so it stays inside a landmark (axe 'region').
 */
import '../ui/mantine-styles-more';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  const show = typeof window !== 'undefined' && scroll.y > window.innerHeight;
  return (
    <Affix position={{ bottom: 24, right: 24 }} withinPortal={false}>
      <Transition transition="slide-up" mounted={show}>
        {(style) => (
          <ActionIcon style={style} size={48} radius="xl" variant="filled" aria-label="Terug naar boven" onClick={() => scrollTo({ y: 0 })}>
            <IconArrowUp size={22} aria-hidden="true" />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
