/**
 * The optimistic change of a queued read mark (part 2 §4), on the ideas list and on one idea. Here
 * rather than in the wishlist feature: the tab's unread count (src/shell) shows on every page and lays
 * the same change over the same list.
 */
import { api } from '../api/catalogue';
import { withReadMark } from '../lib/wishlist-unread';
import { patch } from './optimistic';
import { session } from './session';

const mark = <T extends { id: number; readBy: number[] | false }>(item: T, itemId: number): T => {
  const userId = session.user?.id;
  return userId === undefined ? item : withReadMark(item, itemId, userId);
};

export const readMarkPatches = [
  patch(api.wishlist.read, api.wishlist.items, (items, entry) => items.map((item) => mark(item, Number(entry.args.params.id)))),
  patch(api.wishlist.read, api.wishlist.details, (item, entry) => mark(item, Number(entry.args.params.id))),
];
