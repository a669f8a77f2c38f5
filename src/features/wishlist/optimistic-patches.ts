/**
 * Optimistic changes of the wishlist's queueable writes (docs/offline.md "Optimistic changes"): a vote,
 * comment, read mark, delete or saved idea shows at once, also offline, and disappears by itself when
 * the server refuses it. Pure functions, exported for the tests; registered once when a wishlist page
 * module loads.
 */
import type { UserVotes, WishlistComment, WishlistItem } from '../../api/wishlist/types';
import { registerPatch, type Patch } from '../../data/optimistic';
import { session } from '../../data/session';
import { withReadMark } from '../../lib/wishlist-unread';

export type Vote = 'up' | 'down';
type Entry = Pick<Parameters<Patch>[2], 'args' | 'createdAt' | 'seq'>;

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
export function previousVoteFor(itemId: number, vote: Vote, queuedAt: number): Vote | null {
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

const idOf = (entry: Entry) => Number(entry.args.params?.id);
/** A temporary id for something not yet on the server: negative, so it never clashes with a real one. */
const tempId = (entry: Entry) => -(entry.seq ?? entry.createdAt);

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

/** Applies `change` to the item with this id in the list ('wishlist.items') or the single item ('wishlist.details'). */
function onItem(readId: string, data: unknown, itemId: number, change: (item: WishlistItem) => WishlistItem): unknown {
  if (readId === 'wishlist.items' && Array.isArray(data)) {
    return (data as WishlistItem[]).map((item) => (item.id === itemId ? change(item) : item));
  }
  if (readId === 'wishlist.details' && data && (data as WishlistItem).id === itemId) return change(data as WishlistItem);
  return data;
}

export function addComment(item: WishlistItem, comment: WishlistComment): WishlistItem {
  return { ...item, comments: [...item.comments, comment], commentCount: item.commentCount + 1 };
}

export function removeComment(item: WishlistItem, commentId: number): WishlistItem {
  if (!item.comments.some((c) => c.id === commentId)) return item;
  return { ...item, comments: item.comments.filter((c) => c.id !== commentId), commentCount: Math.max(0, item.commentCount - 1) };
}

export interface SaveBody {
  id: number;
  title?: string;
  description?: string;
  active?: number | boolean;
}

/** A new idea goes on top (the server lists the newest first); an edited one changes in place. */
/** The server keeps `active` as it is for anyone but ADMIN. */
function activeFrom(body: SaveBody): 0 | 1 | undefined {
  return session.user?.role === 'ADMIN' && body.active !== undefined ? (Number(body.active) ? 1 : 0) : undefined;
}

export function applySave(items: WishlistItem[], body: SaveBody, entry: Entry): WishlistItem[] {
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

function votePatch(vote: Vote) {
  return (readId: string, data: unknown, entry: Entry): unknown => {
    const itemId = idOf(entry);
    if (readId === 'wishlist.userVotes' && data) return patchUserVotes(data as UserVotes, itemId, vote);
    if (readId === 'wishlist.items' && Array.isArray(data)) return patchVoteCounts(data as WishlistItem[], itemId, vote, previousVoteFor(itemId, vote, entry.createdAt));
    return data;
  };
}

export function registerWishlistPatches(): void {
  registerPatch('wishlist.voteUp', votePatch('up'));
  registerPatch('wishlist.voteDown', votePatch('down'));

  registerPatch('wishlist.read', (readId, data, entry) => {
    const userId = session.user?.id;
    return userId === undefined ? data : withReadMark(readId, data, idOf(entry), userId);
  });

  registerPatch('wishlist.saveComment', (readId, data, entry) => {
    const body = entry.args.body as { comment?: string; wishlistItemId: number };
    const comment: WishlistComment = {
      id: tempId(entry),
      comment: (body.comment ?? '').trim(),
      wishlistItemId: body.wishlistItemId,
      user: { name: session.user?.name ?? '' },
      dateTimeCreated: new Date(entry.createdAt).toISOString(),
      canEdit: true,
    };
    return onItem(readId, data, body.wishlistItemId, (item) => addComment(item, comment));
  });

  registerPatch('wishlist.deleteComment', (readId, data, entry) => {
    const commentId = idOf(entry);
    if (readId === 'wishlist.items' && Array.isArray(data)) return (data as WishlistItem[]).map((item) => removeComment(item, commentId));
    if (readId === 'wishlist.details' && data) return removeComment(data as WishlistItem, commentId);
    return data;
  });

  registerPatch('wishlist.delete', (readId, data, entry) => {
    const itemId = idOf(entry);
    return readId === 'wishlist.items' && Array.isArray(data) ? (data as WishlistItem[]).filter((item) => item.id !== itemId) : data;
  });

  registerPatch('wishlist.save', (readId, data, entry) => {
    const body = entry.args.body as SaveBody;
    if (readId === 'wishlist.items' && Array.isArray(data)) return applySave(data as WishlistItem[], body, entry);
    if (readId === 'wishlist.details' && data && body.id !== 0) return onItem(readId, data, body.id, (item) => editItem(item, body, activeFrom(body)));
    return data;
  });
}

registerWishlistPatches();
