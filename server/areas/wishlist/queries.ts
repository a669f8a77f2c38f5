/** The wishlist area's SQL: ideas of a school's teachers, votes, reads and comments. */
import type { Queryable } from '../../db/database';

export interface ItemRow {
  id: number;
  title: string;
  description: string;
  active: 0 | 1;
  created_at: Date;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  read_by: number[] | null;
  up: number;
  down: number;
  comments: number;
}

/** Items of the school, or the one with `id`. */
export const itemRows = (db: Queryable, organisationId: number, id?: number) =>
  db.query<ItemRow>(
    `SELECT w.id, w.title, w.description, w.active, w.created_at, w.user_id, u.name AS user_name, u.email AS user_email,
            (SELECT array_agg(r.user_id) FROM wishlist_reads r WHERE r.wishlist_item_id = w.id) AS read_by,
            (SELECT count(*)::int FROM wishlist_votes v WHERE v.wishlist_item_id = w.id AND v.direction = 1) AS up,
            (SELECT count(*)::int FROM wishlist_votes v WHERE v.wishlist_item_id = w.id AND v.direction = -1) AS down,
            (SELECT count(*)::int FROM wishlist_comments c WHERE c.wishlist_item_id = w.id) AS comments
       FROM wishlist_items w LEFT JOIN users u ON u.id = w.user_id
      WHERE w.organisation_id = $1 AND ${id === undefined ? 'TRUE' : 'w.id = $2'}
      ORDER BY w.active DESC, w.created_at DESC, w.id DESC`,
    id === undefined ? [organisationId] : [organisationId, id],
  );

export const commentRows = (db: Queryable, itemIds: number[]) =>
  db.query<{ id: number; comment: string; wishlist_item_id: number; name: string | null; created_at: Date; user_id: number | null }>(
    `SELECT c.id, c.comment, c.wishlist_item_id, u.name, c.created_at, c.user_id
       FROM wishlist_comments c LEFT JOIN users u ON u.id = c.user_id
      WHERE c.wishlist_item_id = ANY($1::int[]) ORDER BY c.created_at, c.id`,
    [itemIds],
  );

export const voteRows = (db: Queryable, userId: number, organisationId: number) =>
  db.query<{ wishlist_item_id: number; direction: number }>(
    `SELECT v.wishlist_item_id, v.direction FROM wishlist_votes v JOIN wishlist_items w ON w.id = v.wishlist_item_id
      WHERE v.user_id = $1 AND w.organisation_id = $2`,
    [userId, organisationId],
  );

/**
 * One vote per teacher per idea (voting the other way moves the vote), cast only on an open idea of
 * her school, and then all her votes in that school: one statement for the whole vote. The idea is
 * missing from the answer when nothing was cast; voteRefusal then says why.
 */
export const castVote = (db: Queryable, itemId: number, userId: number, organisationId: number, direction: 1 | -1) =>
  db.query<{ wishlist_item_id: number; direction: number }>(
    `WITH cast_vote AS (
       INSERT INTO wishlist_votes (wishlist_item_id, user_id, direction)
       SELECT w.id, $2, $4 FROM wishlist_items w WHERE w.id = $1 AND w.organisation_id = $3 AND w.active = 1
       ON CONFLICT (wishlist_item_id, user_id) DO UPDATE SET direction = EXCLUDED.direction
       RETURNING wishlist_item_id, direction)
     SELECT wishlist_item_id, direction FROM cast_vote
     UNION ALL
     SELECT v.wishlist_item_id, v.direction FROM wishlist_votes v JOIN wishlist_items w ON w.id = v.wishlist_item_id
      WHERE v.user_id = $2 AND w.organisation_id = $3 AND v.wishlist_item_id <> $1
     ORDER BY 1`,
    [itemId, userId, organisationId, direction],
  );

/** Why no vote was cast: the idea is not of her school (undefined) or no longer open (active 0). */
export async function ideaState(db: Queryable, organisationId: number, itemId: number): Promise<{ active: number } | undefined> {
  const [row] = await db.query<{ active: number }>(`SELECT active FROM wishlist_items WHERE id = $1 AND organisation_id = $2`, [
    itemId,
    organisationId,
  ]);
  return row;
}

export async function markRead(db: Queryable, itemId: number, userId: number): Promise<void> {
  await db.query(`INSERT INTO wishlist_reads (wishlist_item_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [itemId, userId]);
}

/** A new idea, read by its author. */
export async function insertItem(
  db: Queryable,
  organisationId: number,
  userId: number,
  title: string,
  description: string,
  active: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO wishlist_items (organisation_id, user_id, title, description, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [organisationId, userId, title, description, active],
  );
  await db.query(`INSERT INTO wishlist_reads (wishlist_item_id, user_id) VALUES ($1, $2)`, [row!.id, userId]);
  return row!.id;
}

/** `active` null keeps what is there. */
export async function updateItem(db: Queryable, id: number, title: string, description: string, active: number | null): Promise<void> {
  await db.query(`UPDATE wishlist_items SET title = $2, description = $3, active = COALESCE($4, active) WHERE id = $1`, [
    id,
    title,
    description,
    active,
  ]);
}

export async function deleteItem(db: Queryable, id: number): Promise<void> {
  await db.query(`DELETE FROM wishlist_items WHERE id = $1`, [id]);
}

export async function insertComment(
  db: Queryable,
  itemId: number,
  userId: number,
  comment: string,
): Promise<{ id: number; created_at: Date }> {
  const [row] = await db.query<{ id: number; created_at: Date }>(
    `INSERT INTO wishlist_comments (wishlist_item_id, user_id, comment) VALUES ($1, $2, $3) RETURNING id, created_at`,
    [itemId, userId, comment],
  );
  return row!;
}

export async function commentAuthor(db: Queryable, organisationId: number, id: number): Promise<{ user_id: number | null } | undefined> {
  const [row] = await db.query<{ user_id: number | null }>(
    `SELECT c.user_id FROM wishlist_comments c JOIN wishlist_items w ON w.id = c.wishlist_item_id WHERE c.id = $1 AND w.organisation_id = $2`,
    [id, organisationId],
  );
  return row;
}

export async function deleteComment(db: Queryable, id: number): Promise<void> {
  await db.query(`DELETE FROM wishlist_comments WHERE id = $1`, [id]);
}

/** Holds the row till the transaction ends, so a merge with `base` reads what it writes over (issue 36). */
export async function lockItem(db: Queryable, id: number): Promise<void> {
  await db.query(`SELECT 1 FROM wishlist_items WHERE id = $1 FOR UPDATE`, [id]);
}
