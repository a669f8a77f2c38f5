/**
 * Lint step: every 'part N §M' cited in src, server, sw, tests and scripts must be a section of
 * docs/requirements.md, so a citation always leads to a line that says what it means and which test
 * proves it. Run by `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findSpecRefs, indexedSections, key } from './spec-refs';

const ROOT = join(import.meta.dirname, '..');
const INDEX = 'docs/requirements.md';
const DIRS = ['src', 'server', 'sw', 'tests', 'scripts'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|sql|html)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* files(path);
    } else if (EXTENSIONS.test(entry.name)) yield path;
  }
}

const known = indexedSections(readFileSync(join(ROOT, INDEX), 'utf8'));
let count = 0;
const unknown: string[] = [];
for (const dir of DIRS) {
  for (const path of files(join(ROOT, dir))) {
    for (const ref of findSpecRefs(readFileSync(path, 'utf8'))) {
      count += 1;
      if (!known.has(key(ref.part, ref.section))) {
        unknown.push(`${relative(ROOT, path)}:${ref.line}: part ${ref.part} §${ref.section} is not a section of ${INDEX}`);
      }
    }
  }
}

if (unknown.length > 0) {
  console.error(unknown.join('\n'));
  console.error(`check-spec-refs: ${unknown.length} of ${count} spec references unknown`);
  process.exit(1);
}
console.log(`check-spec-refs: ${count} spec references, all sections of ${INDEX} (${known.size} listed)`);
