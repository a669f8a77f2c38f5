/**
 * The wishlist's data and actions for /wishlist: the ideas, the teacher's votes, and the queueable
 * writes (votes, comments, read marks, deletes). A delivered write reloads the lists so the counts are
 * the server's; a queued one shows through its optimistic patch (optimistic-patches.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { WishlistItem } from '../../api/wishlist/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { isUnread } from '../../lib/wishlist-unread';
import { rememberVote, voteOf, wishlistPatches, type Vote } from './optimistic-patches';

const COMMENT_REQUIRED = 'Vul een reactie in.';

/** Outcome of a comment: sent or waiting (null), or the message to show under the field. */
export type CommentResult = { ok: true } | { ok: false; error: string };

export function useWishlist() {
  const { user } = useSnapshot(session);
  const items = useRead(api.wishlist.items, {}, { patches: wishlistPatches });
  const votes = useRead(api.wishlist.userVotes, {}, { patches: wishlistPatches });
  const voteUp = useWrite(api.wishlist.voteUp);
  const voteDown = useWrite(api.wishlist.voteDown);
  const read = useWrite(api.wishlist.read);
  const saveComment = useWrite(api.wishlist.saveComment);
  const deleteComment = useWrite(api.wishlist.deleteComment);
  const deleteItem = useWrite(api.wishlist.delete);

  const reloadAll = () => Promise.all([items.reload(), votes.reload()]).then(() => undefined);
  const afterWrite = (outcome: { queued: boolean }) => (outcome.queued ? undefined : reloadAll());

  const { newIds } = useMarkRead(items.data, user?.id, read.send, reloadAll);

  const vote = async (item: WishlistItem, direction: Vote) => {
    const previous = voteOf(votes.data, item.id);
    // A vote cannot be taken back (part 2 §4), so the same vote again would change nothing.
    if (previous === direction) return;
    rememberVote(item.id, direction, previous);
    const write = direction === 'up' ? voteUp : voteDown;
    try {
      await afterWrite(await write.send({ params: { id: item.id } }, `Stem op idee '${item.title}'`));
    } catch {
      // Refused (e.g. the idea was just marked done): the patch stops applying; show the server's state.
      await reloadAll();
    }
  };

  const addComment = async (item: WishlistItem, text: string): Promise<CommentResult> => {
    if (!text.trim()) return { ok: false, error: COMMENT_REQUIRED };
    try {
      const outcome = await saveComment.send({ body: { comment: text, wishlistItemId: item.id } }, `Reactie op idee '${item.title}'`, {
        refusalToCaller: true,
      });
      await afterWrite(outcome);
      return { ok: true };
    } catch (err) {
      if (err instanceof ApiCallError) return { ok: false, error: err.errors.comment ?? err.message };
      throw err;
    }
  };

  // Part 2 §8: a failed delete stops the loader and shows no message; the list shows the server's state.
  const removeComment = async (commentId: number) => {
    try {
      await afterWrite(await deleteComment.send({ params: { id: commentId } }, 'Reactie verwijderen'));
    } catch {
      await reloadAll();
    }
  };

  const removeItem = async (item: WishlistItem) => {
    try {
      await afterWrite(await deleteItem.send({ params: { id: item.id } }, `Idee '${item.title}' verwijderen`));
    } catch {
      await reloadAll();
    }
  };

  // The cards wait for the teacher's votes (two reads, each answering on its own): painted without
  // them, a vote she cast (or one still waiting to be sent) showed as not cast for a moment.
  const votesComing = votes.data === undefined && votes.loading;
  return {
    items: votesComing ? undefined : items.data,
    votes: votes.data,
    loading: items.loading || votesComing,
    error: items.error,
    stale: items.stale || votes.stale,
    updatedAt: items.updatedAt,
    userId: user?.id,
    newIds,
    vote,
    addComment,
    removeComment,
    removeItem,
  };
}

type SendRead = ReturnType<typeof useWrite<typeof api.wishlist.read>>['send'];

/**
 * Part 2 §4: opening the wishlist marks every unread idea read (one queued call per idea). The ideas
 * that were new when the page opened keep their 'Nieuw' marker for this visit.
 */
function useMarkRead(items: WishlistItem[] | undefined, userId: number | undefined, send: SendRead, reloadAll: () => Promise<void>) {
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const marked = useRef(new Set<number>());
  useEffect(() => {
    if (!items || userId === undefined) return;
    const unread = items.filter((item) => item.id > 0 && isUnread(item, userId) && !marked.current.has(item.id));
    if (unread.length === 0) return;
    unread.forEach((item) => marked.current.add(item.id));
    setNewIds((prev) => new Set([...prev, ...unread.map((item) => item.id)]));
    void Promise.allSettled(unread.map((item) => send({ params: { id: item.id } }, `Idee '${item.title}' gelezen`))).then((results) => {
      if (results.some((r) => r.status === 'fulfilled' && !r.value.queued)) void reloadAll();
    });
    // reloadAll and send change every render; the marks depend only on the ideas and the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, userId]);
  return { newIds };
}
