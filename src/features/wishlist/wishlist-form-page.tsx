import { PlaceholderPage } from '../../ui/placeholder-page';

/** Id 0 is a new idea (part 2 §2). */
export function WishlistFormPage({ params }: { params: { id?: string } }) {
  return <PlaceholderPage title={params.id === '0' ? 'Idee toevoegen' : 'Idee wijzigen'} />;
}
