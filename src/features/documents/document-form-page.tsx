import { PlaceholderPage } from '../../ui/placeholder-page';

/** No id (or 0) is new material (part 2 §2); {new} is 1 right after an upload. */
export function DocumentFormPage({ params }: { params: { id?: string; new?: string } }) {
  const isNew = !params.id || params.id === '0';
  return <PlaceholderPage title={isNew ? 'Lesmateriaal toevoegen' : 'Lesmateriaal wijzigen'} />;
}
