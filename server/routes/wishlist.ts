/** The wishlist (part 2 §7): ideas of a school's teachers, one vote per teacher per idea. */
import type { api } from '../../src/api/catalogue';
import type { UserVotes, WishlistComment, WishlistItem } from '../../src/api/wishlist/types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http-error';
import type { Handlers } from './handler';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';

interface ItemRow {
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

/** Items of the caller's school; `where` is a trusted fragment over wishlist_items w. */
async function loadItems(db: Queryable, user: SessionUser, where = 'TRUE', params: (number | string)[] = []): Promise<WishlistItem[]> {
  const rows = await db.query<ItemRow>(
    `SELECT w.id, w.title, w.description, w.active, w.created_at, w.user_id, u.name AS user_name, u.email AS user_email,
            (SELECT array_agg(r.user_id) FROM wishlist_reads r WHERE r.wishlist_item_id = w.id) AS read_by,
            (SELECT count(*)::int FROM wishlist_votes v WHERE v.wishlist_item_id = w.id AND v.direction = 1) AS up,
            (SELECT count(*)::int FROM wishlist_votes v WHERE v.wishlist_item_id = w.id AND v.direction = -1) AS down,
            (SELECT count(*)::int FROM wishlist_comments c WHERE c.wishlist_item_id = w.id) AS comments
       FROM wishlist_items w LEFT JOIN users u ON u.id = w.user_id
      WHERE w.organisation_id = $1 AND ${where}
      ORDER BY w.active DESC, w.created_at DESC, w.id DESC`,
    [user.organisationId, ...params],
  );
  if (rows.length === 0) return [];
  const comments = await db.query<{ id: number; comment: string; wishlist_item_id: number; name: string | null; created_at: Date; user_id: number | null }>(
    `SELECT c.id, c.comment, c.wishlist_item_id, u.name, c.created_at, c.user_id
       FROM wishlist_comments c LEFT JOIN users u ON u.id = c.user_id
      WHERE c.wishlist_item_id = ANY($1::int[]) ORDER BY c.created_at, c.id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    active: r.active,
    readBy: r.read_by ?? false,
    upVoteCount: r.up,
    downVoteCount: r.down,
    commentCount: r.comments,
    dateTimeCreated: new Date(r.created_at).toISOString(),
    user: { name: r.user_name ?? '', email: r.user_email ?? '' },
    canEdit: r.user_id === user.id,
    comments: comments
      .filter((c) => c.wishlist_item_id === r.id)
      .map((c): WishlistComment => ({
        id: c.id,
        comment: c.comment,
        wishlistItemId: c.wishlist_item_id,
        user: { name: c.name ?? '' },
        dateTimeCreated: new Date(c.created_at).toISOString(),
        canEdit: c.user_id === user.id,
      })),
  }));
}

async function itemOf(db: Queryable, user: SessionUser, id: number): Promise<WishlistItem> {
  const [item] = await loadItems(db, user, 'w.id = $2', [id]);
  if (!item) throw notFound('Dit idee is niet gevonden.');
  return item;
}

async function userVotes(db: Queryable, user: SessionUser): Promise<UserVotes> {
  const rows = await db.query<{ wishlist_item_id: number; direction: number }>(
    `SELECT v.wishlist_item_id, v.direction FROM wishlist_votes v JOIN wishlist_items w ON w.id = v.wishlist_item_id
      WHERE v.user_id = $1 AND w.organisation_id = $2`,
    [user.id, user.organisationId],
  );
  return { up: rows.filter((r) => r.direction === 1).map((r) => r.wishlist_item_id), down: rows.filter((r) => r.direction === -1).map((r) => r.wishlist_item_id) };
}

async function vote(db: Queryable, user: SessionUser, id: number, direction: 1 | -1): Promise<UserVotes> {
  const item = await itemOf(db, user, id);
  if (item.active !== 1) throw conflict('Op een idee dat al is uitgevoerd kun je niet meer stemmen.');
  // One vote per teacher per idea: voting the other way moves the vote.
  await db.query(
    `INSERT INTO wishlist_votes (wishlist_item_id, user_id, direction) VALUES ($1, $2, $3)
     ON CONFLICT (wishlist_item_id, user_id) DO UPDATE SET direction = EXCLUDED.direction`,
    [id, user.id, direction],
  );
  return userVotes(db, user);
}

const emptyItem = (user: SessionUser): WishlistItem => ({
  id: 0,
  title: '',
  description: '',
  active: 1,
  readBy: false,
  upVoteCount: 0,
  downVoteCount: 0,
  commentCount: 0,
  dateTimeCreated: new Date().toISOString(),
  user: { name: user.name, email: user.email },
  canEdit: true,
  comments: [],
});

export const wishlistHandlers: Handlers<typeof api.wishlist> = {
  items: ({ db, user }) => loadItems(db, user),

  read: async ({ db, user, params }) => {
    await itemOf(db, user, params.id);
    await db.query(`INSERT INTO wishlist_reads (wishlist_item_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [params.id, user.id]);
    return { message: 'Gelezen.' };
  },

  voteUp: ({ db, user, params }) => vote(db, user, params.id, 1),
  voteDown: ({ db, user, params }) => vote(db, user, params.id, -1),
  userVotes: ({ db, user }) => userVotes(db, user),

  details: async ({ db, user, params }) => (params.id === 0 ? emptyItem(user) : itemOf(db, user, params.id)),

  save: async ({ db, user, body }) => {
    const title = (body.title ?? '').trim();
    const description = (body.description ?? '').trim();
    const errors: Record<string, string> = {};
    if (!title) errors.title = 'Geef je idee een titel.';
    if (!description) errors.description = 'Beschrijf je idee.';
    if (Object.keys(errors).length) throw badRequest(REQUIRED, errors);
    // Only ADMIN may mark an idea as done (part 2 §4); other roles keep what is there.
    const active = user.role === 'ADMIN' && body.active !== undefined ? (Number(body.active) ? 1 : 0) : null;
    if (body.id === 0) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO wishlist_items (organisation_id, user_id, title, description, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [user.organisationId, user.id, title, description, active ?? 1],
      );
      await db.query(`INSERT INTO wishlist_reads (wishlist_item_id, user_id) VALUES ($1, $2)`, [row!.id, user.id]);
      return itemOf(db, user, row!.id);
    }
    const item = await itemOf(db, user, body.id);
    if (!item.canEdit) throw forbidden('Je kunt alleen je eigen ideeën wijzigen.');
    await db.query(`UPDATE wishlist_items SET title = $2, description = $3, active = COALESCE($4, active) WHERE id = $1`, [body.id, title, description, active]);
    return itemOf(db, user, body.id);
  },

  delete: async ({ db, user, params }) => {
    const item = await itemOf(db, user, params.id);
    if (!item.canEdit) throw forbidden('Je kunt alleen je eigen ideeën verwijderen.');
    await db.query(`DELETE FROM wishlist_items WHERE id = $1`, [params.id]);
    return { message: 'Het idee is verwijderd.' };
  },

  saveComment: async ({ db, user, body }) => {
    const comment = (body.comment ?? '').trim();
    if (!comment) throw badRequest('Vul een reactie in.', { comment: 'Vul een reactie in.' });
    await itemOf(db, user, body.wishlistItemId);
    const [row] = await db.query<{ id: number; created_at: Date }>(
      `INSERT INTO wishlist_comments (wishlist_item_id, user_id, comment) VALUES ($1, $2, $3) RETURNING id, created_at`,
      [body.wishlistItemId, user.id, comment],
    );
    return { id: row!.id, comment, wishlistItemId: body.wishlistItemId, user: { name: user.name }, dateTimeCreated: new Date(row!.created_at).toISOString(), canEdit: true };
  },

  deleteComment: async ({ db, user, params }) => {
    const [row] = await db.query<{ user_id: number | null }>(
      `SELECT c.user_id FROM wishlist_comments c JOIN wishlist_items w ON w.id = c.wishlist_item_id WHERE c.id = $1 AND w.organisation_id = $2`,
      [params.id, user.organisationId],
    );
    if (!row) throw notFound('Deze reactie is niet gevonden.');
    if (row.user_id !== user.id) throw forbidden('Je kunt alleen je eigen reacties verwijderen.');
    await db.query(`DELETE FROM wishlist_comments WHERE id = $1`, [params.id]);
    return { message: 'De reactie is verwijderd.' };
  },
};
