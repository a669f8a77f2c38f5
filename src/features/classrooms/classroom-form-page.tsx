import { PlaceholderPage } from '../../ui/placeholder-page';

/** Id 0 is a new class (part 1 §2). */
export function ClassroomFormPage({ params }: { params: { id?: string } }) {
  return <PlaceholderPage title={params.id === '0' ? 'Klas toevoegen' : 'Klas wijzigen'} />;
}
