/** The wishlist (part 2 §7): ideas of a school's teachers, one vote per teacher per idea. */
import type { api } from '../../../src/api/catalogue';
import type { UserVotes, WishlistComment, WishlistItem } from '../../../src/api/wishlist/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { mergeOrRefuse } from '../../http/field-merge';
import type { Handlers } from '../../http/handler';
import { RULES, waitText } from '../../auth/rate-limit';
import { badRequest, conflict, forbidden, notFound, TooManyRequests } from '../../http-error';
import {
  castVote,
  commentAuthor,
  commentRows,
  deleteComment,
  deleteItem,
  ideaState,
  insertComment,
  insertItem,
  itemRows,
  lockItem,
  markRead,
  updateItem,
  voteRows,
} from './queries';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
const IDEA_NOT_FOUND = 'Dit idee is niet gevonden.';
// The idea form's labels (src/features/wishlist/wishlist-form-page.tsx), for a 409 that shows both values.
const IDEA_LABELS = { title: 'Titel', description: 'Omschrijving', active: 'Actief' } as const;

/** Ideas of the caller's school, or the one with `id`. */
async function loadItems(db: Queryable, user: SessionUser, id?: number): Promise<WishlistItem[]> {
  const rows = await itemRows(db, user.organisationId, id);
  if (rows.length === 0) return [];
  const comments = await commentRows(
    db,
    rows.map((r) => r.id),
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
  const [item] = await loadItems(db, user, id);
  if (!item) throw notFound(IDEA_NOT_FOUND);
  return item;
}

const votesOf = (rows: { wishlist_item_id: number; direction: number }[]): UserVotes => ({
  up: rows.filter((r) => r.direction === 1).map((r) => r.wishlist_item_id),
  down: rows.filter((r) => r.direction === -1).map((r) => r.wishlist_item_id),
});

const userVotes = async (db: Queryable, user: SessionUser): Promise<UserVotes> => votesOf(await voteRows(db, user.id, user.organisationId));

/** A vote is the hottest queued write: one statement when it is cast, a second only to say why not. */
async function vote(db: Queryable, user: SessionUser, id: number, direction: 1 | -1): Promise<UserVotes> {
  const rows = await castVote(db, id, user.id, user.organisationId, direction);
  if (rows.some((r) => r.wishlist_item_id === id)) return votesOf(rows);
  if (!(await ideaState(db, user.organisationId, id))) throw notFound(IDEA_NOT_FOUND);
  throw conflict('Op een idee dat al is uitgevoerd kun je niet meer stemmen.');
}

/** The blank idea form (details of id 0), by the caller. */
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
    if (!(await ideaState(db, user.organisationId, params.id))) throw notFound(IDEA_NOT_FOUND);
    await markRead(db, params.id, user.id);
    return { message: 'Gelezen.' };
  },

  voteUp: ({ db, user, params }) => vote(db, user, params.id, 1),
  voteDown: ({ db, user, params }) => vote(db, user, params.id, -1),
  userVotes: ({ db, user }) => userVotes(db, user),

  details: async ({ db, user, params }) => (params.id === 0 ? emptyItem(user) : itemOf(db, user, params.id)),

  save: async ({ db, user, body: sent }) => {
    if (sent.base && sent.id !== 0) await lockItem(db, sent.id);
    const item = sent.id === 0 ? null : await itemOf(db, user, sent.id);
    if (item && !item.canEdit) throw forbidden('Je kunt alleen je eigen ideeën wijzigen.');
    // A queued edit with `base` does not silently undo a change made meanwhile on another device (issue 36).
    const body = item
      ? await mergeOrRefuse(sent, item, IDEA_LABELS, {
          message: `Het idee ‘${item.title}’ is intussen ook op een ander apparaat gewijzigd.`,
          record: () => itemOf(db, user, item.id),
        })
      : sent;
    const title = (body.title ?? '').trim();
    const description = (body.description ?? '').trim();
    const errors: Record<string, string> = {};
    if (!title) errors.title = 'Geef je idee een titel.';
    if (!description) errors.description = 'Beschrijf je idee.';
    if (Object.keys(errors).length) throw badRequest(REQUIRED, errors);
    // Only ADMIN may mark an idea as done (part 2 §4); other roles keep what is there.
    const active = user.role === 'ADMIN' && body.active !== undefined ? (Number(body.active) ? 1 : 0) : null;
    if (!item) return itemOf(db, user, await insertItem(db, user.organisationId, user.id, title, description, active ?? 1));
    await updateItem(db, body.id, title, description, active);
    return itemOf(db, user, body.id);
  },

  delete: async ({ db, user, params }) => {
    const item = await itemOf(db, user, params.id);
    if (!item.canEdit) throw forbidden('Je kunt alleen je eigen ideeën verwijderen.');
    await deleteItem(db, params.id);
    return { message: 'Het idee is verwijderd.' };
  },

  saveComment: async ({ db, user, body, app }) => {
    const comment = (body.comment ?? '').trim();
    if (!comment) throw badRequest('Vul een reactie in.', { comment: 'Vul een reactie in.' });
    const refused = await app.limits.count(db, [{ key: `comment:user:${user.id}`, rule: RULES.wishlistComment }]);
    if (refused)
      throw new TooManyRequests(
        `Je hebt veel reacties kort na elkaar geplaatst. Probeer het over ${waitText(refused.retryAfterSecs)} opnieuw.`,
        refused.retryAfterSecs,
      );
    await itemOf(db, user, body.wishlistItemId);
    const row = await insertComment(db, body.wishlistItemId, user.id, comment);
    return {
      id: row.id,
      comment,
      wishlistItemId: body.wishlistItemId,
      user: { name: user.name },
      dateTimeCreated: new Date(row.created_at).toISOString(),
      canEdit: true,
    };
  },

  deleteComment: async ({ db, user, params }) => {
    const row = await commentAuthor(db, user.organisationId, params.id);
    if (!row) throw notFound('Deze reactie is niet gevonden.');
    if (row.user_id !== user.id) throw forbidden('Je kunt alleen je eigen reacties verwijderen.');
    await deleteComment(db, params.id);
    return { message: 'De reactie is verwijderd.' };
  },
};
