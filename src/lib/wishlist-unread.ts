/** Part 2 §4: an idea is unread for a teacher whose id its readBy list (or false) does not contain. */
export interface ReadMarks {
  id: number;
  readBy: number[] | false;
}

export const isUnread = (item: ReadMarks, userId: number | undefined): boolean => userId !== undefined && !(item.readBy || []).includes(userId);

/** Ideas still unread; ids of 0 and below are ideas saved offline and not yet on the server. */
export const unreadCount = (items: readonly ReadMarks[] | undefined, userId: number | undefined): number =>
  (items ?? []).filter((item) => item.id > 0 && isUnread(item, userId)).length;

/**
 * A queued read mark (wishlistItems/read/{id}) laid over the ideas list ('wishlist.items') or one idea
 * ('wishlist.details'): the teacher's id joins readBy. Registered as an optimistic patch by the
 * wishlist and by the tab's unread count, which shows on every page.
 */
export function withReadMark(readId: string, data: unknown, itemId: number, userId: number): unknown {
  const mark = <T extends ReadMarks>(item: T): T => (item.id !== itemId || !isUnread(item, userId) ? item : { ...item, readBy: [...(item.readBy || []), userId] });
  if (readId === 'wishlist.items' && Array.isArray(data)) return (data as ReadMarks[]).map(mark);
  if (readId === 'wishlist.details' && data) return mark(data as ReadMarks);
  return data;
}
