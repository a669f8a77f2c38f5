/** The Mantine theme: a calm blue, and touch targets of at least 44 px (tablet-first, WCAG 2.5.5). */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Shade 6 is the brand blue #1c5d99: 6.8:1 against white, so white text on it passes AA. */
const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f2',
  '#a3c3e6',
  '#74a4d9',
  '#4e8acd',
  '#357ac4',
  '#1c5d99',
  '#174f83',
  '#12416c',
  '#0c3155',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // A page's h1 at 28 px: on a 768 px wide tablet a school's name in a heading stays on one line.
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    Tabs: { defaultProps: { variant: 'default' } },
    Menu: { defaultProps: { shadow: 'md', withinPortal: true } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Melding sluiten' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Sluiten' } } },
  },
});

/** Mantine's default dimmed grey (gray.6) is 3.3:1 on white; gray.7 reaches AA for small text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
