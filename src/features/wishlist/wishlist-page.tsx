import { PlaceholderPage } from '../../ui/placeholder-page';

export function WishlistPage() {
  return <PlaceholderPage title="Verlanglijstje" />;
}
