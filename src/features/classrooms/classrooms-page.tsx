import { PlaceholderPage } from '../../ui/placeholder-page';

export function ClassroomsPage() {
  return <PlaceholderPage title="Klassen & leerlingen" />;
}
