import { PlaceholderPage } from '../../ui/placeholder-page';

export function TeachersPage() {
  return <PlaceholderPage title="Docenten" />;
}
