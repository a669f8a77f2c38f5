/**
 * The unread count on the 'Verlanglijstje' tab (part 2 §4: opening the wishlist marks the ideas read
 * and decrements the count). It counts the cached ideas list with the queued read marks applied
 * (useRead), so offline the count drops as soon as the wishlist is opened, and comes back right from
 * the server's answer once online.
 */
import { useSnapshot } from 'valtio';
import { api } from '../api/catalogue';
import { readMarkPatches } from '../data/read-mark-patches';
import { session } from '../data/session';
import { useRead } from '../data/use-read';
import { unreadCount } from '../lib/wishlist-unread';
import { Badge, VisuallyHidden } from '../ui/plain';

export function WishlistUnread() {
  const { user } = useSnapshot(session);
  const items = useRead(api.wishlist.items, {}, { patches: readMarkPatches });
  const count = unreadCount(items.data, user?.id);
  if (count === 0) return null;
  return (
    // Raised like a notification and pulled into the tab's own padding: it takes no width, so the
    // eight tabs still fit on one line at 1024 px.
    <Badge
      small
      circle={count < 10}
      style={{ marginRight: -14, transform: 'translateY(-9px)', marginLeft: 'calc(0.125rem * var(--mantine-scale))' }}
      data-testid="wishlist-unread"
    >
      {count}
      <VisuallyHidden> {count === 1 ? 'ongelezen idee' : 'ongelezen ideeën'}</VisuallyHidden>
    </Badge>
  );
}
