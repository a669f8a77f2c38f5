/**
 * What the teacher did during the chaos run, and the check that the server holds each of it exactly
 * once. Every write is one of the portal's queueable kinds with a value that can be found back on
 * the server: a unique text for what creates a row, the last value for what sets a state.
 */
import type { Queryable } from '../../../server/db/database';
import { seededRandom } from './chaos-proxy';

export interface LedgerWrite {
  endpointId: string;
  args: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown };
  label: string;
  /** The server must refuse it (it is listed under 'Niet verzonden'). */
  refused?: boolean;
}

export interface SchoolIds {
  userId: number;
  organisationId: number;
  ideas: number[];
  classrooms: number[];
  blocks: { portfolioItemId: number; key: string; id: number }[];
  chapters: number[];
  /** Empty classes made before the run, for the queued deletes. */
  spareClassrooms: number[];
}

export async function schoolIds(db: Queryable, userId: number, spareClassrooms: number[]): Promise<SchoolIds> {
  const [me] = await db.query<{ org: number }>(`SELECT current_organisation_id AS org FROM users WHERE id = $1`, [userId]);
  const org = me!.org;
  const ids = async (sql: string) => (await db.query<{ id: number }>(sql, [org])).map((r) => r.id);
  const blocks = await db.query<{ portfolioItemId: number; key: string; id: number }>(
    `SELECT b.portfolio_item_id AS "portfolioItemId", b.key, b.id FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id
      WHERE p.organisation_id = $1 AND b.is_submitted ORDER BY b.id LIMIT 40`,
    [org],
  );
  return {
    userId,
    organisationId: org,
    ideas: await ids(`SELECT id FROM wishlist_items WHERE organisation_id = $1 AND active = 1 ORDER BY id`),
    classrooms: (await ids(`SELECT id FROM classrooms WHERE organisation_id = $1 AND NOT hidden ORDER BY id`)).filter(
      (id) => !spareClassrooms.includes(id),
    ),
    blocks,
    chapters: (await db.query<{ id: number }>(`SELECT id FROM chapters ORDER BY id LIMIT 2`)).map((r) => r.id),
    spareClassrooms,
  };
}

const GRADES = ['PERFECT', 'GOOD', 'WRONG'] as const;
const LEVELS = ['basis', 'kader', 'gl-tl'] as const;
/** An id no school has: the server refuses the comment with 404. */
export const MISSING_IDEA = 2_000_000_000;

export function buildLedger(count: number, ids: SchoolIds, run: string, seed: number): LedgerWrite[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const spare = [...ids.spareClassrooms];
  const writes: LedgerWrite[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${run}-${i}`;
    switch (i % 14) {
      case 0: {
        const up = random() < 0.5;
        writes.push({ endpointId: up ? 'wishlist.voteUp' : 'wishlist.voteDown', args: { params: { id: pick(ids.ideas) } }, label: 'stem' });
        break;
      }
      case 1:
        // Every other round a vote: one teacher's comments stay under the server's limit (60 in 10 minutes).
        if (i % 28 === 1)
          writes.push({
            endpointId: 'wishlist.saveComment',
            args: { body: { comment: `chaos reactie ${tag}`, wishlistItemId: pick(ids.ideas) } },
            label: 'reactie',
          });
        else writes.push({ endpointId: 'wishlist.voteUp', args: { params: { id: pick(ids.ideas) } }, label: 'stem' });
        break;
      case 2:
        writes.push({ endpointId: 'wishlist.read', args: { params: { id: pick(ids.ideas) } }, label: 'gelezen' });
        break;
      case 3:
        writes.push({
          endpointId: 'wishlist.save',
          args: { body: { id: 0, title: `chaos idee ${tag}`, description: 'Bedacht in de klas.' } },
          label: 'idee',
        });
        break;
      case 4:
        writes.push({
          endpointId: 'classrooms.save',
          args: { body: { id: 0, name: `chaos klas ${tag}`, defaultStudyLevel: 'basis', chapters: ids.chapters } },
          label: 'klas',
        });
        break;
      case 5: {
        const b = pick(ids.blocks);
        writes.push({
          endpointId: 'portfolios.saveFeedback',
          args: { body: { portfolioItemId: b.portfolioItemId, key: b.key, message: `chaos feedback ${tag}` } },
          label: 'feedback',
        });
        break;
      }
      case 6: {
        const b = pick(ids.blocks);
        writes.push({
          endpointId: 'portfolios.saveFeedbackStatus',
          args: { body: { portfolioItemId: b.portfolioItemId, key: b.key, status: pick(GRADES) } },
          label: 'beoordeling',
        });
        break;
      }
      case 7:
        writes.push({ endpointId: 'documents.save', args: { body: { id: 0, title: `chaos document ${tag}` } }, label: 'document' });
        break;
      case 8:
        writes.push({
          endpointId: 'session.report',
          args: { body: { url: '/chaos', status: 0, message: `chaos melding ${tag}` } },
          label: 'melding',
        });
        break;
      case 9:
        writes.push({
          endpointId: 'licences.saveExtendInfo',
          args: { body: { extendIntention: true, extendContactEmail: `chaos-${tag}@demoschool.nl` } },
          label: 'verlenging',
        });
        break;
      case 10:
        writes.push({ endpointId: 'dashboard.changeStudyLevel', args: { params: { level: pick(LEVELS) } }, label: 'niveau' });
        break;
      case 11:
        writes.push({ endpointId: 'dashboard.setCurrentClassroom', args: { params: { id: pick(ids.classrooms) } }, label: 'huidige klas' });
        break;
      case 12:
        writes.push({ endpointId: 'dashboard.activitiesRead', args: {}, label: 'meldingen gelezen' });
        break;
      default: {
        const id = spare.shift();
        if (id !== undefined && i % 28 === 13)
          writes.push({ endpointId: 'classrooms.delete', args: { params: { id } }, label: 'klas verwijderen' });
        else
          writes.push({
            endpointId: 'wishlist.saveComment',
            args: { body: { comment: `chaos geweigerd ${tag}`, wishlistItemId: MISSING_IDEA } },
            label: 'geweigerd',
            refused: true,
          });
      }
    }
  }
  return writes;
}

export interface LedgerCheck {
  lost: string[];
  duplicated: string[];
  /** Refused by the server although the teacher's change was valid, or the other way round. */
  wronglyRefused: string[];
}

/** Compares the server's rows with the ledger. `keys` are the Idempotency-Keys the outbox gave each write. */
export async function checkLedger(db: Queryable, ids: SchoolIds, writes: LedgerWrite[], keys: string[]): Promise<LedgerCheck> {
  const result: LedgerCheck = { lost: [], duplicated: [], wronglyRefused: [] };
  const stored = new Map(
    (
      await db.query<{ key: string; status: number }>(`SELECT key, status_code AS status FROM idempotency_keys WHERE user_id = $1`, [
        ids.userId,
      ])
    ).map((r) => [r.key, r.status]),
  );
  writes.forEach((w, i) => {
    const status = stored.get(keys[i]!);
    if (status === undefined) result.lost.push(`${w.endpointId} #${i} never reached the server`);
    else if (!!w.refused !== status >= 400) result.wronglyRefused.push(`${w.endpointId} #${i}: ${status}`);
  });

  const counted = async (sql: string, texts: string[], what: string) => {
    const rows = await db.query<{ t: string; n: number }>(sql, [texts]);
    const found = new Map(rows.map((r) => [r.t, r.n]));
    for (const t of texts) {
      const n = found.get(t) ?? 0;
      if (n === 0) result.lost.push(`${what} "${t}"`);
      if (n > 1) result.duplicated.push(`${what} "${t}" ×${n}`);
    }
  };
  const texts = (endpointId: string, field: string) =>
    writes.filter((w) => w.endpointId === endpointId && !w.refused).map((w) => String((w.args.body as Record<string, unknown>)[field]));
  await counted(
    `SELECT comment AS t, count(*)::int AS n FROM wishlist_comments WHERE comment = ANY($1::text[]) GROUP BY 1`,
    texts('wishlist.saveComment', 'comment'),
    'reactie',
  );
  await counted(
    `SELECT title AS t, count(*)::int AS n FROM wishlist_items WHERE title = ANY($1::text[]) GROUP BY 1`,
    texts('wishlist.save', 'title'),
    'idee',
  );
  await counted(
    `SELECT name AS t, count(*)::int AS n FROM classrooms WHERE name = ANY($1::text[]) GROUP BY 1`,
    texts('classrooms.save', 'name'),
    'klas',
  );
  await counted(
    `SELECT message AS t, count(*)::int AS n FROM portfolio_feedback WHERE message = ANY($1::text[]) GROUP BY 1`,
    texts('portfolios.saveFeedback', 'message'),
    'feedback',
  );
  await counted(
    `SELECT title AS t, count(*)::int AS n FROM documents WHERE title = ANY($1::text[]) GROUP BY 1`,
    texts('documents.save', 'title'),
    'document',
  );
  await counted(
    `SELECT message AS t, count(*)::int AS n FROM error_reports WHERE message = ANY($1::text[]) GROUP BY 1`,
    texts('session.report', 'message'),
    'melding',
  );
  const refusedComments = writes.filter((w) => w.refused).map((w) => String((w.args.body as { comment: string }).comment));
  const [leak] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wishlist_comments WHERE comment = ANY($1::text[])`, [
    refusedComments,
  ]);
  if (leak!.n > 0) result.duplicated.push(`${leak!.n} refused comments stored anyway`);

  // States: the server holds the last value the teacher set.
  const last = <T>(endpointIds: string[], value: (w: LedgerWrite) => T, key: (w: LedgerWrite) => string | number) => {
    const m = new Map<string | number, T>();
    for (const w of writes) if (endpointIds.includes(w.endpointId)) m.set(key(w), value(w));
    return m;
  };
  const votes = last(
    ['wishlist.voteUp', 'wishlist.voteDown'],
    (w) => (w.endpointId === 'wishlist.voteUp' ? 1 : -1),
    (w) => Number(w.args.params!.id),
  );
  const voteRows = await db.query<{ id: number; direction: number; n: number }>(
    `SELECT wishlist_item_id AS id, min(direction)::int AS direction, count(*)::int AS n FROM wishlist_votes WHERE user_id = $1 GROUP BY 1`,
    [ids.userId],
  );
  for (const [id, dir] of votes) {
    const row = voteRows.find((r) => r.id === id);
    if (!row || row.direction !== dir) result.lost.push(`last vote on idea ${id}`);
    if (row && row.n > 1) result.duplicated.push(`votes on idea ${id} ×${row.n}`);
  }
  const grades = last(
    ['portfolios.saveFeedbackStatus'],
    (w) => (w.args.body as { status: string }).status,
    (w) => `${(w.args.body as { portfolioItemId: number }).portfolioItemId}:${(w.args.body as { key: string }).key}`,
  );
  for (const [k, status] of grades) {
    const [item, key] = String(k).split(':');
    const [row] = await db.query<{ status: string }>(`SELECT status FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = $2`, [
      Number(item),
      key ?? '',
    ]);
    if (row?.status !== status) result.lost.push(`last grade of ${k} (${status}, server ${row?.status})`);
  }
  const reads = new Set(writes.filter((w) => w.endpointId === 'wishlist.read').map((w) => Number(w.args.params!.id)));
  const readRows = new Set(
    (await db.query<{ id: number }>(`SELECT wishlist_item_id AS id FROM wishlist_reads WHERE user_id = $1`, [ids.userId])).map((r) => r.id),
  );
  for (const id of reads) if (!readRows.has(id)) result.lost.push(`read mark on idea ${id}`);

  const [user] = await db.query<{ level: string; room: number | null }>(
    `SELECT study_level AS level, current_classroom_id AS room FROM users WHERE id = $1`,
    [ids.userId],
  );
  const lastOf = (endpointId: string) => writes.filter((w) => w.endpointId === endpointId).at(-1);
  const level = lastOf('dashboard.changeStudyLevel')?.args.params?.level;
  if (level && user?.level !== level) result.lost.push(`study level ${level} (server ${user?.level})`);
  const room = lastOf('dashboard.setCurrentClassroom')?.args.params?.id;
  if (room && user?.room !== room) result.lost.push(`current classroom ${room} (server ${user?.room})`);
  const email = (lastOf('licences.saveExtendInfo')?.args.body as { extendContactEmail?: string } | undefined)?.extendContactEmail;
  const [org] = await db.query<{ email: string }>(`SELECT extend_contact_email AS email FROM organisations WHERE id = $1`, [
    ids.organisationId,
  ]);
  if (email && org?.email !== email) result.lost.push(`extend e-mail ${email} (server ${org?.email})`);
  const deleted = writes.filter((w) => w.endpointId === 'classrooms.delete').map((w) => Number(w.args.params!.id));
  const still = await db.query<{ id: number }>(`SELECT id FROM classrooms WHERE id = ANY($1::int[])`, [deleted]);
  for (const r of still) result.lost.push(`delete of class ${r.id}`);
  return result;
}
