/**
 * src/app/mantine-styles.ts imports the stylesheet of each Mantine component the app uses, not the
 * full styles.css: a component that starts being used without its file here would render unstyled.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const stylesDir = join(root, 'node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('mantine-styles', () => {
  it('imports the stylesheet of every Mantine component used in src/', () => {
    const used = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
        for (const name of m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) if (name) used.add(name);
      }
    }
    const imported = readFileSync(join(root, 'src/app/mantine-styles.ts'), 'utf8');
    const missing = [...used].filter((name) => existsSync(join(stylesDir, `${name}.css`)) && !imported.includes(`@mantine/core/styles/${name}.css`));
    expect(missing).toEqual([]);
  });
});
