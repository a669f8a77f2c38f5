import { PlaceholderPage } from '../../ui/placeholder-page';

export function ClassroomStudentsPage() {
  return <PlaceholderPage title="Leerlingen van de klas" />;
}
