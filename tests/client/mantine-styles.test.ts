/**
 * src/app/mantine-styles.ts imports the stylesheet of each Mantine component a first screen uses, not
 * the full styles.css; src/ui/mantine-styles-more.ts those of the components no first screen shows,
 * and every module rendering one of those imports it. A component used without its file in either
 * place, or a module rendering a deferred one without importing the second file, would render
 * unstyled. A module may also import a component's stylesheet itself (a lazy route's own component).
 * Vite's import.meta.glob reads the files, so this runs without Node's fs.
 */
import { describe, expect, it } from 'vitest';
import stylesModule from '../../src/app/mantine-styles.ts?raw';
import moreModule from '../../src/ui/mantine-styles-more.ts?raw';

const sources = import.meta.glob<string>('../../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const stylesheets = Object.keys(import.meta.glob('/node_modules/@mantine/core/styles/*.css', { query: '?url' })).map((path) =>
  path.replace(/^.*\/(\w+)\.css$/, '$1'),
);
const inFile = (text: string, name: string) => text.includes(`@mantine/core/styles/${name}.css`);
// The theme sets components' defaults (Menu.extend…) and renders none of them.
const RENDERS_NOTHING = ['/src/app/theme.ts'];

function mantineImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
    for (const name of (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, '')))
      if (name && !(m[1] ?? '').includes(`type ${name}`)) names.push(name);
  }
  return names;
}

describe('mantine-styles', () => {
  it('imports the stylesheet of every Mantine component used in src/, the deferred ones where they render', () => {
    expect(stylesheets).toContain('Button');
    const used = new Set<string>();
    const notImporting: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      for (const name of mantineImports(text)) {
        // A lazily loaded route may import a component's stylesheet itself (the school year's Stepper).
        if (inFile(text, name)) continue;
        used.add(name);
        const deferred = stylesheets.includes(name) && inFile(moreModule, name);
        if (deferred && !text.includes('mantine-styles-more') && !RENDERS_NOTHING.some((p) => path.endsWith(p)))
          notImporting.push(`${path}: ${name}`);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => stylesheets.includes(name) && !inFile(stylesModule, name) && !inFile(moreModule, name));
    expect(missing).toEqual([]);
    expect(notImporting).toEqual([]);
  });
});
