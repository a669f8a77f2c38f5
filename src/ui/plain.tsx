/**
 * Mantine's Card, Stack and Title as plain elements with their class names, variables and data
 * attributes, for the props the first screens use. Mantine's stylesheets draw them; their JavaScript
 * (each its own chunk with Paper and their hooks, ~2 KB gz together) stays out of a page's first load
 * (issue 17, docs/performance.md). tests/client/plain.test.tsx renders both and compares the markup.
 */
import type { CSSProperties, ElementType, ReactNode } from 'react';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Mantine's getSpacing: a theme size as its variable, a number of px in rem times the scale (0 as is). */
function spacing(value: Size | number): string {
  if (typeof value !== 'number') return `var(--mantine-spacing-${value})`;
  return value === 0 ? '0rem' : `calc(${value / 16}rem * var(--mantine-scale))`;
}

interface Common {
  children?: ReactNode;
  id?: string;
  className?: string;
  style?: CSSProperties;
  'aria-labelledby'?: string;
}

const join = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

/** <Card withBorder padding="lg" component="section">: the bordered, padded box of a dashboard card. */
export function Card({ component: Component = 'section', padding = 'lg', className, style, ...rest }: Common & { component?: ElementType; padding?: Size }) {
  return (
    <Component
      style={{ '--card-padding': spacing(padding), ...style } as CSSProperties}
      className={join('m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root', className)}
      data-with-border="true"
      data-orientation="vertical"
      {...rest}
    />
  );
}

/** <Stack gap="…">, optionally as another element (a section, a list). */
export function Stack({ component: Component = 'div', gap = 'md', className, style, ...rest }: Common & { component?: ElementType; gap?: Size | number }) {
  const vars = { '--stack-gap': spacing(gap), '--stack-align': 'stretch', '--stack-justify': 'flex-start' } as CSSProperties;
  return <Component style={{ ...vars, ...style }} className={join('m_6d731127 mantine-Stack-root', className)} {...rest} />;
}

/** <Title order={n} size="hN">: a heading with the theme's heading sizes. */
export function Title({ order = 1, size, className, style, ...rest }: Common & { order?: 1 | 2 | 3; size?: 'h1' | 'h2' | 'h3' }) {
  const Heading = `h${order}` as const;
  const look = size ?? `h${order}`;
  const vars = {
    '--title-fw': `var(--mantine-${look}-font-weight)`,
    '--title-lh': `var(--mantine-${look}-line-height)`,
    '--title-fz': `var(--mantine-${look}-font-size)`,
  } as CSSProperties;
  return <Heading style={{ ...vars, ...style }} className={join('m_8a5d1357 mantine-Title-root', className)} data-size={size} data-order={order} {...rest} />;
}
