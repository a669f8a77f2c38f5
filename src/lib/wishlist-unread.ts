/** Part 2 §4: an idea is unread for a teacher whose id its readBy list (or false) does not contain. */
export interface ReadMarks {
  id: number;
  readBy: number[] | false;
}

export const isUnread = (item: ReadMarks, userId: number | undefined): boolean =>
  userId !== undefined && !(item.readBy || []).includes(userId);

/** Ideas still unread; ids of 0 and below are ideas saved offline and not yet on the server. */
export const unreadCount = (items: readonly ReadMarks[] | undefined, userId: number | undefined): number =>
  (items ?? []).filter((item) => item.id > 0 && isUnread(item, userId)).length;

/** A queued read mark (wishlistItems/read/{id}) on one idea: the teacher's id joins readBy. */
export function withReadMark<T extends ReadMarks>(item: T, itemId: number, userId: number): T {
  return item.id !== itemId || !isUnread(item, userId) ? item : { ...item, readBy: [...(item.readBy || []), userId] };
}
