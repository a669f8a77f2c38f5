/**
 * Library internals stay fenced (issue 34, docs/upgrading.md): the app follows IndexedDB through
 * Dexie's public liveQuery, never through the private BroadcastChannel and window event Dexie uses
 * to carry changes between tabs ('x-storagemutated-1', a format a patch release may change), and
 * Dexie is pinned exactly so an upgrade is a decision, not an accident of `npm install`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

it("no code of the app listens to or speaks Dexie's private change channel", () => {
  const speaking = [...sources('src'), ...sources('sw')].filter((file) => /storagemutated/i.test(readFileSync(file, 'utf8')));
  expect(speaking).toEqual([]);
});

it('Dexie is pinned to one version', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  expect(pkg.dependencies.dexie).toMatch(/^\d+\.\d+\.\d+$/);
});
