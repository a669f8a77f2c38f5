/**
 * Child processes the bench measures beside the API process: the bare Fastify route (the ceiling)
 * and Debian's haproxy round-robin over API processes (as tests/multi runs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort, onCleanup, tempDir } from './app-server';

export interface Child {
  url: string;
  pid?: number;
  dispose(): Promise<void>;
}

async function until(url: string, proc: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start in time`);
}

function supervised(proc: ChildProcess, url: string): Child {
  const dispose = async () => {
    unregister();
    if (proc.exitCode !== null) return;
    await new Promise<void>((res) => {
      proc.once('exit', () => res());
      proc.kill('SIGTERM');
    });
  };
  const unregister = onCleanup(dispose);
  return { url, pid: proc.pid, dispose };
}

export async function startBareFastify(): Promise<Child> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-fastify.ts', String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const child = supervised(proc, url);
  await until(`${url}/bare`, proc, 'bare Fastify').catch(async (err: unknown) => {
    await child.dispose();
    throw err;
  });
  return child;
}

/** haproxy in front of the given API addresses (http://127.0.0.1:port), round-robin. */
export async function startHaproxy(backends: string[]): Promise<Child> {
  const port = await freePort();
  const cfg = resolve(tempDir('haproxy'), 'haproxy.cfg');
  writeFileSync(
    cfg,
    `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
frontend web
  bind 127.0.0.1:${port}
  default_backend apps
backend apps
  balance roundrobin
${backends.map((b, i) => `  server app${i} ${new URL(b).host}`).join('\n')}
`,
  );
  const proc = spawn('haproxy', ['-db', '-f', cfg], { stdio: 'ignore' });
  // Not installed: 'error' instead of an exit; until() then gives up with a reason.
  proc.on('error', () => undefined);
  const url = `http://127.0.0.1:${port}`;
  const child = supervised(proc, url);
  await until(`${url}/api/health`, proc, 'haproxy').catch(async (err: unknown) => {
    await child.dispose();
    throw err;
  });
  return child;
}
