/**
 * src/app/mantine-styles.ts imports the stylesheet of each Mantine component the app uses, not the
 * full styles.css: a component that starts being used without its file there would render unstyled.
 * Vite's import.meta.glob reads the files, so this runs without Node's fs in the browser-typed project.
 */
import { describe, expect, it } from 'vitest';
import stylesModule from '../../src/app/mantine-styles.ts?raw';

const sources = import.meta.glob<string>('../../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const stylesheets = Object.keys(import.meta.glob('/node_modules/@mantine/core/styles/*.css', { query: '?url' })).map((path) => path.replace(/^.*\/(\w+)\.css$/, '$1'));

describe('mantine-styles', () => {
  it('imports the stylesheet of every Mantine component used in src/', () => {
    expect(stylesheets).toContain('Button');
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
        for (const name of (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, ''))) if (name) used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => stylesheets.includes(name) && !stylesModule.includes(`@mantine/core/styles/${name}.css`));
    expect(missing).toEqual([]);
  });
});
