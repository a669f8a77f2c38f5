import type { Param, Queryable } from '../database';

/** Keeps each statement well below PostgreSQL's 65535 bind-parameter limit. */
const MAX_PARAMS = 30_000;

/** Multi-row INSERT of rows (each in columns order), split into chunks of at most MAX_PARAMS parameters. */
export async function insertRows(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly Param[])[],
): Promise<void> {
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: Param[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length) throw new Error(`${table}: row has ${row.length} values, expected ${columns.length}`);
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** After inserting explicit ids, moves each serial sequence past the highest id. */
export async function syncSequences(tx: Queryable, tables: readonly string[]): Promise<void> {
  const parts = tables.map((t) => `setval(pg_get_serial_sequence('${t}', 'id'), COALESCE((SELECT max(id) FROM ${t}), 0) + 1, false)`);
  await tx.query(`SELECT ${parts.join(', ')}`);
}
