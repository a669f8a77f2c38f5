/**
 * A PostgreSQL database for the bench: a fresh bench_<random> database on DATABASE_URL, or a
 * throwaway local cluster (as .ci/run starts one) when running as root with Debian's postgresql.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, onCleanup } from './app-server';

export interface BenchPostgres {
  url: string;
  /** Where it came from, for the report. */
  origin: string;
  dispose(): Promise<void>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function localBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? join(root, v, 'bin') : null;
}

/** Null with the reason when no PostgreSQL can be had. */
export async function benchPostgres(): Promise<BenchPostgres | string> {
  if (process.env.DATABASE_URL) {
    const db = await freshDatabase(process.env.DATABASE_URL);
    return { url: db.url, origin: 'DATABASE_URL (a fresh database, dropped afterwards)', dispose: db.drop };
  }
  const bin = localBin();
  if (!bin) return 'geen DATABASE_URL en geen /usr/lib/postgresql/*/bin/initdb';
  if (process.getuid?.() !== 0) return 'geen DATABASE_URL, en een eigen PostgreSQL-cluster starten kan alleen als root';
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'ignore', timeout: 60_000 });
  const stop = () => {
    try {
      asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const unregister = onCleanup(stop);
  try {
    const { uid, gid } = {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
    chownSync(dir, uid, gid);
    asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
    asPostgres('pg_ctl', [
      '-D',
      dir,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  } catch (err) {
    unregister();
    stop();
    throw err;
  }
  const db = await freshDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    url: db.url,
    origin: `a throwaway local cluster (${bin}, fsync=off), stopped afterwards`,
    dispose: async () => {
      await db.drop().catch(() => undefined);
      unregister();
      stop();
    },
  };
}
