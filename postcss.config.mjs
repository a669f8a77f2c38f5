/**
 * The app has one colour scheme (MantineProvider forces light): the rules Mantine's stylesheets and
 * postcss-preset-mantine's dark() write for the dark scheme are dropped, about 1 KB gz of every first
 * load (issue 17).
 */
import presetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';

const DARK = /\[data-mantine-color-scheme=['"]?dark['"]?\]/;
const lightOnly = () => ({
  postcssPlugin: 'light-only',
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((s) => !DARK.test(s));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
});
lightOnly.postcss = true;

export default {
  plugins: [
    presetMantine({
      mixins: {
        // Out of sight, still read by screen readers (as Mantine's VisuallyHidden): labels a narrow layout leaves out.
        'visually-hidden': {
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          'clip-path': 'inset(50%)',
          'white-space': 'nowrap',
        },
      },
    }),
    simpleVars({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
    lightOnly(),
  ],
};
