/**
 * Mantine's Card, Stack, Title, ActionIcon, Badge, VisuallyHidden and Avatar as plain elements with
 * their class names, variables and data attributes, for the props the first screens use. Mantine's
 * stylesheets draw them; their JavaScript (each its own chunk, with Paper and their hooks) stays out of
 * a page's first load (issue 17, docs/performance.md). tests/client/plain-mantine.test.tsx renders
 * both and compares the markup.
 */
import type { ComponentPropsWithoutRef, ComponentPropsWithRef, CSSProperties, ElementType, ReactNode } from 'react';

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
export function Card({
  component: Component = 'section',
  padding = 'lg',
  className,
  style,
  ...rest
}: Common & { component?: ElementType; padding?: Size }) {
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
export function Stack({
  component: Component = 'div',
  gap = 'md',
  className,
  style,
  ...rest
}: Common & { component?: ElementType; gap?: Size | number }) {
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
  return (
    <Heading
      style={{ ...vars, ...style }}
      className={join('m_8a5d1357 mantine-Title-root', className)}
      data-size={size}
      data-order={order}
      {...rest}
    />
  );
}

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

/** Mantine's CSS variables as a style (React's CSSProperties does not know custom properties). */
const withVars = (style: Record<string, string | number | undefined>) => style as CSSProperties;

// What Mantine's variantColorResolver gives the subtle variant, for the theme's primary colour and gray.8.
const subtle = {
  primary: { '--ai-hover': 'var(--mantine-color-brand-light-hover)', '--ai-color': 'var(--mantine-color-brand-light-color)' },
  'gray.8': { '--ai-hover': 'rgba(52, 58, 64, 0.12)', '--ai-color': 'var(--mantine-color-gray-6)' },
};

/**
 * <ActionIcon variant="subtle" size={44}>: an icon button (44 px, the theme's touch target). Takes a
 * ref as a prop (React 19), so a Popover or Menu loaded later can use it as its target.
 */
export function ActionIcon({ color = 'primary', disabled, children, ...rest }: ButtonProps & { color?: keyof typeof subtle }) {
  const vars = withVars({
    '--ai-size': 'calc(2.75rem * var(--mantine-scale))',
    '--ai-bg': 'transparent',
    ...subtle[color],
    '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  });
  return (
    <button
      style={vars}
      className={`mantine-focus-auto${disabled ? '' : ' mantine-active'} m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant="subtle"
      data-disabled={disabled || undefined}
      type="button"
      disabled={disabled}
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}

/** <Badge color="red">, or with `small` <Badge size="xs" circle={…} color="red.8">: a count in red. */
export function Badge({
  small,
  circle,
  style,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<'span'>, 'color'> & { small?: boolean; circle?: boolean }) {
  const vars = small
    ? {
        '--badge-height': 'var(--badge-height-xs)',
        '--badge-padding-x': 'var(--badge-padding-x-xs)',
        '--badge-fz': 'var(--badge-fz-xs)',
        '--badge-bg': 'var(--mantine-color-red-8)',
      }
    : { '--badge-bg': 'var(--mantine-color-red-filled)' };
  return (
    <span
      style={withVars({
        ...vars,
        '--badge-color': 'var(--mantine-color-white)',
        '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        ...style,
      })}
      className="m_347db0ec mantine-Badge-root"
      data-size={small ? 'xs' : undefined}
      data-circle={circle || undefined}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </span>
  );
}

/** Mantine's VisuallyHidden: read by a screen reader, not shown. */
export function VisuallyHidden(props: ComponentPropsWithoutRef<'span'>) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root" {...props} />;
}

/** <Avatar src={src} alt="" size={44} radius="xl" />: a round 44 px picture (no fallback: the app's own images). */
export function Avatar({ src }: { src: string }) {
  const vars = { '--avatar-size': 'calc(2.75rem * var(--mantine-scale))', '--avatar-radius': 'var(--mantine-radius-xl)' } as CSSProperties;
  return (
    <div style={vars} className="m_f85678b6 mantine-Avatar-root">
      <img className="m_11f8ac07 mantine-Avatar-image" alt="" src={src} />
    </div>
  );
}
