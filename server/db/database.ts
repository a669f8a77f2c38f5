/**
 * One small interface over the two PostgreSQL engines we run on: PGlite (embedded, files under
 * DATA_DIR) and a PostgreSQL server (DATABASE_URL). SQL lives in the route modules' repositories;
 * nothing else talks to the engines.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { RELISTEN_MS } from '../constants';

export type Param = string | number | boolean | null | Date | Uint8Array | readonly (string | number)[];

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly Param[]): Promise<T[]>;
}

/** A statement run so often that parsing and planning it every time shows (the 5 s poll). */
export interface Prepared {
  /** An SQL identifier, unique per statement text. */
  name: string;
  text: string;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs a named statement that the engine parses once per connection and plans once it has seen
   * it five times (PostgreSQL's generic plan), instead of on every call. Integer parameters only:
   * PGlite receives them as literals (wrapPglite).
   */
  prepared<T = Record<string, unknown>>(statement: Prepared, params: readonly number[]): Promise<T[]>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  /**
   * Runs fn while this process holds the PostgreSQL advisory lock `key` on a connection of its own,
   * so work that several processes start at once (migrations, the demo seed) runs in one of them at
   * a time. PGlite runs fn as is: its data directory belongs to one process.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with each NOTIFY payload on `channel`, in commit order: PostgreSQL on one
   * connection of its own (reconnected when lost), PGlite in process. onLive(false) when that
   * connection is lost, since notifications may then be missed; onLive(true) once it listens (again).
   * Resolves with the stop function once listening has been tried.
   *
   * On PostgreSQL the notifications of this process's own writes also come early (`early` true):
   * a transaction hands on what its triggers sent through notify_remembered() (migration 014) before
   * its promise resolves, so this process sees its writes at once; and each pooled connection
   * listens too and hands on what its own statements sent, for writes outside a transaction (there
   * PostgreSQL delivers them before the statement's answer most of the time, not always). Those
   * early copies may overtake the ordered stream; the ordered copy follows.
   */
  listen(
    channel: string,
    onMessage: (payload: string, early: boolean) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to clone a database quickly (tests, benchmarks). */
  dump?(): Promise<Blob>;
}

// int8 (counts, bigserial ids) as numbers: ours stay far below 2^53.
const INT8 = 20;

/** The same contract on both engines, although only PGlite's literals depend on it. */
function checkPrepared(st: Prepared, params: readonly number[]): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(st.name)) throw new TypeError(`prepared statement name ${st.name}: lower-case letters, digits and _ only`);
  if (!params.every(Number.isSafeInteger)) throw new TypeError(`prepared ${st.name}: integer parameters only`);
}

function wrapPglite(db: PGlite): Database {
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly Param[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  // PGlite's query() binds to the unnamed statement only, in six calls into the engine, and plans
  // every time (1.2 ms for the poll's lookup against 0.27 ms): a session-level PREPARE, run with
  // EXECUTE as one simple query, is planned once. Hence literals, and hence integers only.
  const statements = new Map<string, Promise<unknown>>();
  const prepared = async <T>(st: Prepared, params: readonly number[]): Promise<T[]> => {
    checkPrepared(st, params);
    let ready = statements.get(st.name);
    if (!ready) {
      statements.set(st.name, (ready = db.exec(`PREPARE "${st.name}" AS ${st.text}`)));
      ready.catch(() => statements.delete(st.name));
    }
    await ready;
    const [result] = await db.exec(`EXECUTE "${st.name}"(${params.join(', ')})`);
    return (result?.rows ?? []) as T[];
  };
  return {
    engine: 'pglite',
    query: (sql, params) => run(db, sql, params),
    prepared,
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    exec: async (sql) => {
      await db.exec(sql);
    },
    exclusive: (_key, fn) => fn(),
    listen: async (channel, onMessage, onLive) => {
      // Delivered before the notifying statement returns, in order: nothing comes early.
      const stop = await db.listen(channel, (payload) => onMessage(payload, false));
      onLive(true);
      return async () => {
        onLive(false);
        // Closing the app after the database (a test of a closed PGlite) must still close cleanly.
        await stop().catch(() => undefined);
      };
    },
    close: () => db.close(),
    dump: () => db.dumpDataDir('gzip'),
  };
}

export async function openPglite(dataDir?: string | { loadDataDir: Blob }): Promise<Database> {
  const parsers = { [INT8]: (v: string) => Number(v) };
  if (typeof dataDir === 'string') mkdirSync(dirname(dataDir), { recursive: true });
  const db =
    typeof dataDir === 'object'
      ? await PGlite.create({ loadDataDir: dataDir.loadDataDir, parsers })
      : await PGlite.create({ dataDir, parsers });
  return wrapPglite(db);
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({ connectionString, max: poolSize, types });
  // A dropped idle connection (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // listen(): each pooled connection, when first handed out after it, listens too and passes on the
  // notifications its own statements sent (same backend pid), so this process sees its writes at once.
  const early = new Map<string, (payload: string) => void>();
  const hearing = new WeakMap<pg.PoolClient, Set<string>>();
  /** Makes a pooled connection listen on every channel of `early` it does not listen on yet. */
  const listenOn = async (client: pg.PoolClient) => {
    let heard = hearing.get(client);
    if (!heard) {
      hearing.set(client, (heard = new Set()));
      client.on('notification', (m) => {
        // pg keeps the backend pid from BackendKeyData as processID; its types leave it out.
        if (m.processId === (client as unknown as { processID: number | null }).processID) early.get(m.channel)?.(m.payload ?? '');
      });
    }
    // Every statement passes here: nothing is allocated once the connection listens on every channel.
    let missing: string[] | undefined;
    for (const channel of early.keys()) if (!heard.has(channel)) (missing ??= []).push(channel);
    if (!missing) return;
    // Awaited before the statement the connection is for, not queued ahead of it: pg 8 warns of a
    // second query on a busy client, pg 9 refuses it. A failed LISTEN is tried again next time; the
    // statement itself then meets the broken connection and reports it.
    await client.query(missing.map((channel) => `LISTEN ${channel}`).join('; ')).then(
      () => missing.forEach((channel) => heard.add(channel)),
      () => undefined,
    );
  };
  /** A pooled connection that listens as above; `release(err)` drops a broken one, as pg-pool's query does. */
  const connect = async () => {
    const client = await pool.connect();
    // A connection killed while it is held emits 'error' on the client; unheard, that crashes the
    // process. The statement fails instead, and its caller answers 503 or rolls back.
    const ignore = () => undefined;
    client.on('error', ignore);
    if (early.size > 0) await listenOn(client);
    return {
      client,
      release: (err?: Error) => {
        client.off('error', ignore);
        client.release(err);
      },
    };
  };
  const onPooled = async <T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const { client, release } = await connect();
    try {
      const result = await run(client);
      release();
      return result;
    } catch (err) {
      release(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
  };
  // The notifications a transaction sent, remembered by notify_remembered() (migration 014), are
  // read in the COMMIT's own round trip and handed on once it succeeded: the process that commits a
  // change knows it before it answers, whenever PostgreSQL delivers the connection's own copies.
  const commitAndHandOn = async (client: pg.PoolClient) => {
    const channels = [...early.keys()];
    if (channels.length === 0) {
      await client.query('COMMIT');
      return;
    }
    const sent = channels.map((c, i) => `current_setting('notified.${c}', true) AS c${i}`).join(', ');
    // Two statements in one simple query: pg answers with one result each (its types name one).
    const [read] = (await client.query(`SELECT ${sent}; COMMIT`)) as unknown as pg.QueryResult<Record<string, string | null>>[];
    channels.forEach((channel, i) => {
      for (const payload of (read?.rows[0]?.[`c${i}`] ?? '').split('\n')) if (payload) early.get(channel)?.(payload);
    });
  };
  const query = async <T>(client: pg.PoolClient, sql: string, params?: readonly Param[]) =>
    (await client.query(sql, params as unknown[] | undefined)).rows as T[];
  return {
    engine: 'postgres',
    query: (sql, params) => onPooled((client) => query(client, sql, params)),
    // pg parses a named statement once per pooled connection. Behind pgbouncer in transaction mode
    // this needs its protocol-level prepared statements (1.21+, max_prepared_statements > 0).
    prepared: async <T>(st: Prepared, params: readonly number[]) => {
      checkPrepared(st, params);
      return onPooled(async (client) => (await client.query({ name: st.name, text: st.text, values: [...params] })).rows as T[]);
    },
    transaction: async (fn) => {
      const { client, release } = await connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => query(client, sql, params) });
        await commitAndHandOn(client);
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        release();
      }
    },
    exec: async (sql) => {
      await onPooled((client) => client.query(sql));
    },
    exclusive: async (key, fn) => {
      // A session lock on a held connection, not a transaction lock: fn uses the pool (migrations
      // run their own transactions). Should the holder die, PostgreSQL ends its session and the lock.
      const client = await pool.connect();
      const ignore = () => undefined;
      client.on('error', ignore);
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(ignore);
        }
      } finally {
        client.off('error', ignore);
        client.release();
      }
    },
    listen: async (channel, onMessage, onLive) => {
      const stop = await listenPostgres(connectionString, types, channel, (payload) => onMessage(payload, false), onLive);
      early.set(channel, (payload) => onMessage(payload, true));
      return async () => {
        early.delete(channel);
        await stop();
      };
    },
    close: () => pool.end(),
  };
}

async function listenPostgres(
  connectionString: string,
  types: pg.CustomTypesConfig,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new TypeError(`channel ${channel}: lower-case letters, digits and _ only`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // Named, so an operator (and a test) can tell it from the pool's connections in pg_stat_activity.
    const client = new pg.Client({ connectionString, types, application_name: `listen_${channel}` });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (current === client) current = null;
      onLive(false);
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
    };
    client.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lost();
      return;
    }
    if (stopped) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    onLive(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    onLive(false);
    await client?.end().catch(() => undefined);
  };
}
