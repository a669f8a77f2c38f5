/** Stylelint for the CSS modules and the two global sheets. */
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    // CSS modules: class names are read in TypeScript as `classes.stateCell`, so they are camelCase.
    'selector-class-pattern': null,
    // `:global(.mantine-…)` reaches a Mantine part from a module.
    'selector-pseudo-class-no-unknown': [true, { ignorePseudoClasses: ['global'] }],
    // `(min-width: …)`, not `(width >= …)`: the range form needs Safari 16.4, and school iPads lag behind.
    'media-feature-range-notation': 'prefix',
    // postcss-preset-mantine's mixins, and our own of postcss.config.mjs.
    'at-rule-no-unknown': [true, { ignoreAtRules: ['mixin'] }],
  },
};
