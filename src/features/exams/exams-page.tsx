import { PlaceholderPage } from '../../ui/placeholder-page';

export function ExamsPage() {
  return <PlaceholderPage title="Toetsen" />;
}
