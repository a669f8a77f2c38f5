import { PlaceholderPage } from '../../ui/placeholder-page';

export function DocumentsPage() {
  return <PlaceholderPage title="Lesmateriaal" />;
}
