/** One autocannon case against a server, with how busy the machine's cores were meanwhile. */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';

export const DURATION = 10;
export const CONNECTIONS = 20;

/** Busy and total CPU ticks of the whole machine (/proc/stat), to see who used the cores during a case. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
    const total = cpu.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Runs a case and notes how busy the cores were and how much of that was the load generator itself. */
export async function measured<T>(run: () => Promise<T>): Promise<{ result: T; cpu: string }> {
  const t0 = machineTicks();
  const own0 = process.cpuUsage();
  const wall0 = Date.now();
  const result = await run();
  const t1 = machineTicks();
  const own = process.cpuUsage(own0);
  const wallMs = Date.now() - wall0;
  const cores = os.cpus().length;
  const ownShare = Math.round(((own.user + own.system) / 1000 / (wallMs * cores)) * 100);
  const busy = t0 && t1 ? Math.round(((t1.busy - t0.busy) / Math.max(1, t1.total - t0.total)) * 100) : null;
  const cpu =
    busy === null ? `load generator ${ownShare} % of ${cores} cores` : `cores ${busy} % busy, of which the load generator ${ownShare} %`;
  return { result, cpu };
}

/** CPU time (user + system, ms) a process has used, from /proc/<pid>/stat; null where there is no /proc. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU time (ms) of a process's main (JavaScript) thread and of its other threads (GC helpers, libuv pool). */
export function threadCpuMs(pid: number | undefined): { main: number; other: number } | null {
  const all = processCpuMs(pid);
  if (all === null) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    return { main: own, other: all - own };
  } catch {
    return null;
  }
}

// USER_HZ; 100 on every Linux the bench runs on.
const CLOCK_TICKS = 100;

export interface Case {
  tokens: string[];
  path: string;
  etags?: (string | undefined)[];
  /** Filled with the ETag each token got. */
  collect?: (string | undefined)[];
  duration?: number;
}

export function load(url: string, c: Case): Promise<Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: c.duration ?? DURATION,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: c.path,
        setupRequest: (req, ctx) => {
          const i = next++ % c.tokens.length;
          ctx.i = i;
          const headers: Record<string, string> = { ...req.headers, authorization: `Bearer ${c.tokens[i]}` };
          const etag = c.etags?.[i];
          if (etag) headers['if-none-match'] = etag;
          return { ...req, headers };
        },
        onResponse: c.collect
          ? (status, _body, ctx, headers) => {
              const etag = headers.etag ?? headers.ETag;
              if (status === 200 && etag) c.collect![ctx.i as number] = etag;
            }
          : undefined,
      },
    ],
  });
}
