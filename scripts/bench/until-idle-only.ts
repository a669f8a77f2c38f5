/** `npx tsx scripts/bench/until-idle-only.ts [dist]`: part 1's until-idle figures alone, on an existing build (for trying a change). */
import { resolve } from 'node:path';
import { bytesUntilIdle } from './until-idle';
import { BENCH_DIST } from './bundle';

for (const r of await bytesUntilIdle(resolve(process.argv[2] ?? BENCH_DIST)))
  console.log(`${r.path}: ${r.gz} KB gz over ${r.files} files; largest ${r.largest.join(', ')}`);
process.exit(0);
