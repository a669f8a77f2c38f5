/**
 * Starts the real server (built PWA + API) as a child process on its own port and data directory,
 * so a spec can stop it to play a Wi-Fi outage and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { freePort } from '../helpers/free-port';

/** Set by the global setup (one per run, so parallel runs on one machine do not share it). */
export const templateDir = (): string => process.env.E2E_TEMPLATE_DIR ?? resolve('.tmp/e2e-template');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(resolve('.tmp/e2e-run-'));
  await cp(templateDir(), dataDir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-secret-0123456789-abcdefghijklmnop',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/config`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start within 60 s');
  };

  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((res) => {
      proc.once('exit', () => res());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 5000);
    });
    child = null;
  };

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    start,
    stop,
    dispose: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
