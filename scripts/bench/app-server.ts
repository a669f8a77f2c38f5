/** The real server (tsx server/server.ts) as a child process on a free port, for the bench parts. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../tests/helpers/free-port';

export const BENCH_TMP = resolve('.tmp/bench');
export const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const cleanups = new Set<() => Promise<void> | void>();

/** Registers something to undo if a part is cut off by its time limit; returns the unregister. */
export function onCleanup(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Stops whatever a cut-off part left running (servers, browsers, a PostgreSQL cluster). */
export async function runCleanups(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    await Promise.resolve()
      .then(fn)
      .catch(() => undefined);
  }
}

export function tempDir(prefix: string): string {
  mkdirSync(BENCH_TMP, { recursive: true });
  return mkdtempSync(resolve(BENCH_TMP, `${prefix}-`));
}

export { freePort };

export interface AppServer {
  url: string;
  /** The server process's id while it runs (its CPU time is read from /proc). */
  pid(): number | undefined;
  dataDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export interface AppServerOptions {
  /** Built PWA to serve; none serves the API only. */
  staticDir?: string;
  /** PGlite data directory; a fresh empty one (the server seeds it) when not given. */
  dataDir?: string;
  databaseUrl?: string;
  startTimeoutMs?: number;
  /**
   * As `npm start` runs it: none of the bench's settings (no JWT_SECRET, so the server makes and
   * stores its own; LOG_LEVEL and ACCESS_TOKEN_TTL at their defaults), stdout (the log) to `logFile`.
   */
  shipped?: { logFile: string; env?: Record<string, string> };
  /** Extra node options, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

export async function startAppServer(opts: AppServerOptions = {}): Promise<AppServer> {
  const dataDir = opts.dataDir ?? tempDir('data');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let stderr = '';

  const start = async () => {
    stderr = '';
    const common = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      STATIC_DIR: opts.staticDir ?? resolve(BENCH_TMP, 'no-static'),
    };
    let env: NodeJS.ProcessEnv;
    if (opts.shipped) {
      env = { ...process.env, ...common };
      for (const name of ['JWT_SECRET', 'ACCESS_TOKEN_TTL', 'LOG_LEVEL', 'SEED_DEMO', 'POLL_FROM_MEMORY', 'NODE_ENV']) delete env[name];
      Object.assign(env, opts.shipped.env);
    } else env = { ...process.env, ...common, JWT_SECRET, ACCESS_TOKEN_TTL: '3600', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
    // The shipped server's log goes to a file, as it would to a terminal, a pipe to journald or a file.
    const out = opts.shipped ? openSync(opts.shipped.logFile, 'a') : 'ignore';
    child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/server.ts'], {
      env,
      stdio: ['ignore', out, 'pipe'],
    });
    if (typeof out === 'number') closeSync(out);
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    const deadline = Date.now() + (opts.startTimeoutMs ?? 120_000);
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.trim().slice(-400)}`);
      try {
        const res = await fetch(`${url}/api/config`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start in time');
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((res) => {
      const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
      proc.once('exit', () => {
        clearTimeout(kill);
        res();
      });
      proc.kill('SIGTERM');
    });
  };

  try {
    await start();
  } catch (err) {
    await stop();
    throw err;
  }
  const dispose = async () => {
    unregister();
    await stop();
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const unregister = onCleanup(dispose);
  return { url, dataDir, pid: () => (child as ChildProcess | null)?.pid, start, stop, dispose };
}
