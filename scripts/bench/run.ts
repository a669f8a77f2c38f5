/**
 * `npm run bench`: bundle sizes, Lighthouse, offline warm start, outbox replay and server load, one
 * table with every figure beside its budget, and docs/performance.md. No assertions; every part fails
 * soft ('overgeslagen: <reason>') so the rest still runs.
 */
import os from 'node:os';
import { resolve } from 'node:path';
import { runCleanups } from './app-server';
import { budgetSummary, machine, printTable, writeMarkdown, type PartResult } from './report';
import { scaleNote } from './scale-note';

interface Part {
  id: string;
  title: string;
  /** Seconds after which the run moves on without this part's remaining figures. */
  limit: number;
  run(part: PartResult): Promise<void>;
}

// Loaded when the part runs, so a module that does not load (a server file mid-edit) skips one part only.
const parts: Part[] = [
  { id: 'bundle', title: '1 Bundle', limit: 240, run: async (p) => (await import('./bundle')).benchBundle(p) },
  { id: 'lighthouse', title: '2 Lighthouse', limit: 420, run: async (p) => (await import('./lighthouse')).benchLighthouse(p) },
  { id: 'mainthread', title: '2b Main thread', limit: 300, run: async (p) => (await import('./main-thread')).benchMainThread(p) },
  { id: 'offline', title: '3 Offline start', limit: 240, run: async (p) => (await import('./offline-start')).benchOffline(p) },
  { id: 'outbox', title: '4 Outbox replay', limit: 150, run: async (p) => (await import('./outbox')).benchOutbox(p) },
  { id: 'server', title: '5 Server load', limit: 420, run: async (p) => (await import('./server-load')).benchServerLoad(p) },
  { id: 'poll', title: '5b Poll as shipped', limit: 300, run: async (p) => (await import('./poll-shipped')).benchPollShipped(p) },
  { id: 'progress', title: '6 Progress read', limit: 180, run: async (p) => (await import('./progress-read')).benchProgressRead(p) },
];

const only = process.argv.slice(2);
const started = Date.now();
const loadBefore = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' / ');
const busy = process.env.BENCH_BUSY === 'true' || os.loadavg()[0]! > os.cpus().length * 0.5;

const results: PartResult[] = [];
for (const p of parts) {
  const part: PartResult = { id: p.id, title: p.title, figures: [], method: [], notes: [] };
  results.push(part);
  if (only.length && !only.includes(p.id)) {
    part.skipped = 'overgeslagen: niet gevraagd op de opdrachtregel';
    continue;
  }
  console.log(`\n== ${p.title}`);
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      p.run(part),
      new Promise((_, rej) => {
        timer = setTimeout(() => rej(new Error(`tijdslimiet van ${p.limit} s bereikt`)), p.limit * 1000);
      }),
    ]);
  } catch (err) {
    part.skipped = `overgeslagen: ${(err instanceof Error ? err.message.split('\n')[0]! : String(err)).slice(0, 160)}`;
    console.log(part.skipped);
    await runCleanups();
  } finally {
    clearTimeout(timer);
  }
  part.seconds = (Date.now() - t0) / 1000;
  for (const note of part.notes) console.log(`   - ${note}`);
  console.log(`   ${part.seconds.toFixed(0)} s`);
}

const totalSeconds = (Date.now() - started) / 1000;
console.log('');
printTable(results);
console.log('\nBudgets:');
for (const line of budgetSummary(results)) console.log(`  ${line}`);
console.log(
  `Load average (1/5/15 min) before: ${loadBefore}; after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')}`,
);
console.log(`\nTotal run time: ${totalSeconds.toFixed(0)} s${busy ? ' (busy machine: figures are pessimistic)' : ''}`);
if (!only.length || process.env.BENCH_WRITE === 'true') {
  writeMarkdown(resolve('docs/performance.md'), results, {
    date: new Date(),
    totalSeconds,
    machine: machine(),
    loadBefore,
    busy,
    scaleNote: scaleNote(results),
  });
  console.log('docs/performance.md written.');
}
// A part cut off by its time limit may still hold handles (a browser, a child process).
process.exit(0);
