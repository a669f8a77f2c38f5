// Adds up every suite's JSON report into the one closing line CI reads: "N passed, N failed".
// A step that failed without a report (type check, lint, build) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const stepsFailed = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
const counted = [];

for (const file of ['test-results/vitest-pglite.json', 'test-results/vitest-postgres.json']) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests || r.numFailedTestSuites || 0;
  counted.push(file);
}
for (const e2e of ['test-results/e2e.json', 'test-results/e2e-engines.json', 'test-results/e2e-multi.json', 'test-results/e2e-long.json']) {
  if (!existsSync(e2e)) continue;
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  counted.push(e2e);
}
const reported = failed;
if (stepsFailed > 0 && reported === 0) failed += stepsFailed;
console.log(`suites counted: ${counted.join(', ') || 'none'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stepsFailed > 0 || counted.length === 0 ? 1 : 0);
