/**
 * Two API processes (`tsx server/server.ts`, each with its own PORT and DATA_DIR, as on two machines)
 * on one fresh PostgreSQL database, behind Debian's haproxy round-robin with health checks on
 * /api/health. Every answer through the balancer names its process in X-Served-By.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { openPostgres, type Database } from '../../server/db/database';
import { freePort } from '../helpers/free-port';

/** The PostgreSQL server the suite makes its database in (CI: the throwaway cluster of .ci/run). */
export const adminUrl = (): string | undefined => process.env.MULTI_DATABASE_URL || process.env.DATABASE_URL || undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => Promise<boolean>, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} not ready within ${ms / 1000} s`);
}

const healthy = async (url: string) => (await fetch(`${url}/api/health`)).status === 200;

export class AppProcess {
  child: ChildProcess | null = null;
  /** Every line the process wrote (pino JSON), for what only the logs tell (a job run). */
  readonly lines: string[] = [];
  exitCode: number | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly dataDir: string,
    private readonly dbUrl: string,
    private readonly logFile: string,
    /** More environment for both processes (FILE_STORE=s3 and its settings, say). */
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Spawns without waiting; `ready()` waits for its health check. */
  spawn(): void {
    this.exitCode = null;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.dbUrl,
        // No JWT_SECRET: the processes must agree on the one kept in the database.
        JWT_SECRET: '',
        LOG_LEVEL: 'info',
        PG_POOL_SIZE: '4',
        // The balancer checks every 300 ms: this long at 503 takes the process out before it closes.
        DRAIN_MS: '1200',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rest = '';
    const take = (chunk: Buffer) => {
      log.write(chunk);
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code, signal) => {
      this.exitCode = code ?? (signal ? 128 : 0);
      log.end();
    });
    this.child = child;
  }

  ready(): Promise<void> {
    return waitFor(`process ${this.name}`, async () => {
      if (this.exitCode !== null) throw new Error(`process ${this.name} exited with ${this.exitCode}: ${this.lines.slice(-5).join('\n')}`);
      return healthy(this.url);
    });
  }

  /** Sends the signal and resolves with the exit code. */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || this.exitCode !== null) return this.exitCode;
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill(signal);
    const code = await exited;
    this.child = null;
    return code;
  }
}

export interface Cluster {
  /** HAProxy's address. */
  url: string;
  apps: [AppProcess, AppProcess];
  /** A direct connection to the suite's database, for checks. */
  db: Database;
  /** Waits until the balancer sees `app` up (after a restart). */
  upBehindBalancer(app: AppProcess): Promise<void>;
  close(): Promise<void>;
}

function haproxyConfig(port: number, statsPort: number, apps: AppProcess[]): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A process that dies under a request: try the other one. Writes carry Idempotency-Keys, so a
  # repeat is answered from the first if it had committed.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
frontend web
  bind 127.0.0.1:${port}
  default_backend apps
frontend stats
  bind 127.0.0.1:${statsPort}
  http-request return status 200 content-type text/plain lf-string "%[nbsrv(apps)]"
backend apps
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 300ms fall 1 rise 2
  http-response set-header X-Served-By %[srv_name]
${apps.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`).join('\n')}
`;
}

export async function startCluster(env: Record<string, string> = {}, logName = ''): Promise<Cluster> {
  const admin = adminUrl();
  if (!admin) throw new Error('MULTI_DATABASE_URL or DATABASE_URL must name a PostgreSQL server');
  const name = `docent_multi_${randomBytes(4).toString('hex')}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  await root.query(`CREATE DATABASE ${name}`);
  await root.end();
  const dbUrl = new URL(admin);
  dbUrl.pathname = `/${name}`;

  await mkdir(resolve('test-results/multi'), { recursive: true });
  await mkdir(resolve('.tmp'), { recursive: true });
  const dirs = await Promise.all(['a', 'b'].map((n) => mkdtemp(resolve(`.tmp/multi-${n}-`))));
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const apps: [AppProcess, AppProcess] = [
    new AppProcess('a', ports[0]!, dirs[0]!, dbUrl.toString(), resolve(`test-results/multi/${logName}a.log`), env),
    new AppProcess('b', ports[1]!, dirs[1]!, dbUrl.toString(), resolve(`test-results/multi/${logName}b.log`), env),
  ];
  // At the same moment, on a database nobody has migrated yet: the start-up race of issue 21.
  for (const app of apps) app.spawn();

  const cfg = resolve(dirs[0]!, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(ports[2]!, ports[3]!, apps));
  const haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  const haproxyLog = createWriteStream(resolve(`test-results/multi/${logName}haproxy.log`));
  haproxy.stderr.pipe(haproxyLog);
  const url = `http://127.0.0.1:${ports[2]}`;
  const stats = `http://127.0.0.1:${ports[3]}`;
  const db = openPostgres(dbUrl.toString());

  const cluster: Cluster = {
    url,
    apps,
    db,
    upBehindBalancer: (app) =>
      waitFor(
        `${app.name} behind the balancer`,
        async () =>
          (await healthy(app.url)) && (await (await fetch(stats)).text()).trim() === String(apps.filter((a) => a.exitCode === null).length),
      ),
    close: async () => {
      await Promise.all(apps.map((a) => a.stop('SIGTERM')));
      haproxy.kill('SIGTERM');
      await db.close();
      const again = new pg.Client({ connectionString: admin });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
  try {
    await Promise.all(apps.map((a) => a.ready()));
    await waitFor('haproxy with both processes', async () => (await (await fetch(stats)).text()).trim() === '2');
  } catch (err) {
    await cluster.close().catch(() => undefined);
    throw err;
  }
  return cluster;
}
