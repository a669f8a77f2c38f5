/**
 * Optimistic changes of the wishlist's queueable writes (docs/offline.md "Optimistic changes"): a vote,
 * comment, read mark, delete or saved idea shows at once, also offline, and disappears by itself when
 * the server refuses it. Pure functions, exported for the tests; `wishlistPatches` goes with the
 * wishlist's reads (useRead's `patches`).
 */
import { api } from '../../api/catalogue';
import type { UserVotes, WishlistComment, WishlistItem } from '../../api/wishlist/types';
import { patch, tempId, type Queued } from '../../data/optimistic';
import { readMarkPatches } from '../../data/read-mark-patches';
import { session } from '../../data/session';

export type Vote = 'up' | 'down';
type Entry = Pick<Queued<unknown>, 'createdAt' | 'seq'>;

/**
 * The vote a teacher had before each tap. A vote call carries only the idea's id, and the items patch
 * cannot see the userVotes read, so the count change ("voting the other way moves the vote") needs
 * this from the screen. It lives in memory only: after a page reload, a vote still waiting is counted
 * as a first vote until the lists refresh from the server. Good enough for an estimate that the
 * server's counts replace as soon as the vote is delivered.
 */
interface Tap {
  itemId: number;
  vote: Vote;
  previous: Vote | null;
  at: number;
}
const taps: Tap[] = [];
const MAX_TAPS = 200;

export function rememberVote(itemId: number, vote: Vote, previous: Vote | null, at = Date.now()): void {
  taps.push({ itemId, vote, previous, at });
  if (taps.length > MAX_TAPS) taps.splice(0, taps.length - MAX_TAPS);
}

/** The tap that made this entry: the last one for the same idea and direction before it was queued. */
function previousVoteFor(itemId: number, vote: Vote, queuedAt: number): Vote | null {
  for (let i = taps.length - 1; i >= 0; i--) {
    const t = taps[i]!;
    if (t.itemId === itemId && t.vote === vote && t.at <= queuedAt) return t.previous;
  }
  return null;
}

export function voteOf(votes: UserVotes | undefined, itemId: number): Vote | null {
  if (votes?.up.includes(itemId)) return 'up';
  if (votes?.down.includes(itemId)) return 'down';
  return null;
}

export function patchUserVotes(votes: UserVotes, itemId: number, vote: Vote): UserVotes {
  const up = votes.up.filter((id) => id !== itemId);
  const down = votes.down.filter((id) => id !== itemId);
  (vote === 'up' ? up : down).push(itemId);
  return { up, down };
}

export function patchVoteCounts(items: WishlistItem[], itemId: number, vote: Vote, previous: Vote | null): WishlistItem[] {
  if (previous === vote) return items;
  return items.map((item) => {
    if (item.id !== itemId) return item;
    const up = item.upVoteCount + (vote === 'up' ? 1 : previous === 'up' ? -1 : 0);
    const down = item.downVoteCount + (vote === 'down' ? 1 : previous === 'down' ? -1 : 0);
    return { ...item, upVoteCount: Math.max(0, up), downVoteCount: Math.max(0, down) };
  });
}

const onItem = (items: WishlistItem[], itemId: number, change: (item: WishlistItem) => WishlistItem) =>
  items.map((item) => (item.id === itemId ? change(item) : item));

function addComment(item: WishlistItem, comment: WishlistComment): WishlistItem {
  return { ...item, comments: [...item.comments, comment], commentCount: item.commentCount + 1 };
}

function removeComment(item: WishlistItem, commentId: number): WishlistItem {
  if (!item.comments.some((c) => c.id === commentId)) return item;
  return { ...item, comments: item.comments.filter((c) => c.id !== commentId), commentCount: Math.max(0, item.commentCount - 1) };
}

type SaveBody = Queued<typeof api.wishlist.save>['args']['body'];

/** A new idea goes on top (the server lists the newest first); an edited one changes in place. */
/** The server keeps `active` as it is for anyone but ADMIN. */
function activeFrom(body: SaveBody): 0 | 1 | undefined {
  return session.user?.role === 'ADMIN' && body.active !== undefined ? (Number(body.active) ? 1 : 0) : undefined;
}

function applySave(items: WishlistItem[], body: SaveBody, entry: Entry): WishlistItem[] {
  const user = session.user;
  const active = activeFrom(body);
  if (body.id === 0) {
    const created: WishlistItem = {
      id: tempId(entry),
      title: body.title ?? '',
      description: body.description ?? '',
      active: active ?? 1,
      readBy: user ? [user.id] : false,
      upVoteCount: 0,
      downVoteCount: 0,
      commentCount: 0,
      dateTimeCreated: new Date(entry.createdAt).toISOString(),
      user: { name: user?.name ?? '', email: user?.email ?? '' },
      canEdit: true,
      comments: [],
    };
    return [created, ...items];
  }
  return items.map((item) => (item.id === body.id ? editItem(item, body, active) : item));
}

function editItem(item: WishlistItem, body: SaveBody, active: 0 | 1 | undefined): WishlistItem {
  return { ...item, title: body.title ?? item.title, description: body.description ?? item.description, active: active ?? item.active };
}

function votePatches(write: typeof api.wishlist.voteUp | typeof api.wishlist.voteDown, vote: Vote) {
  return [
    patch(write, api.wishlist.userVotes, (votes, entry) => patchUserVotes(votes, Number(entry.args.params.id), vote)),
    patch(write, api.wishlist.items, (items, entry) => {
      const itemId = Number(entry.args.params.id);
      return patchVoteCounts(items, itemId, vote, previousVoteFor(itemId, vote, entry.createdAt));
    }),
  ];
}

function queuedComment(entry: Queued<typeof api.wishlist.saveComment>): WishlistComment {
  return {
    id: tempId(entry),
    comment: (entry.args.body.comment ?? '').trim(),
    wishlistItemId: entry.args.body.wishlistItemId,
    user: { name: session.user?.name ?? '' },
    dateTimeCreated: new Date(entry.createdAt).toISOString(),
    canEdit: true,
  };
}

/** Every optimistic change of the wishlist, for its reads: the list, the votes and one idea. */
export const wishlistPatches = [
  ...votePatches(api.wishlist.voteUp, 'up'),
  ...votePatches(api.wishlist.voteDown, 'down'),
  ...readMarkPatches,
  patch(api.wishlist.saveComment, api.wishlist.items, (items, entry) =>
    onItem(items, entry.args.body.wishlistItemId, (item) => addComment(item, queuedComment(entry))),
  ),
  patch(api.wishlist.saveComment, api.wishlist.details, (item, entry) =>
    item.id === entry.args.body.wishlistItemId ? addComment(item, queuedComment(entry)) : item,
  ),
  patch(api.wishlist.deleteComment, api.wishlist.items, (items, entry) =>
    items.map((item) => removeComment(item, Number(entry.args.params.id))),
  ),
  patch(api.wishlist.deleteComment, api.wishlist.details, (item, entry) => removeComment(item, Number(entry.args.params.id))),
  patch(api.wishlist.delete, api.wishlist.items, (items, entry) => items.filter((item) => item.id !== Number(entry.args.params.id))),
  patch(api.wishlist.save, api.wishlist.items, (items, entry) => applySave(items, entry.args.body, entry)),
  patch(api.wishlist.save, api.wishlist.details, (item, entry) =>
    entry.args.body.id !== 0 && item.id === entry.args.body.id ? editItem(item, entry.args.body, activeFrom(entry.args.body)) : item,
  ),
];
