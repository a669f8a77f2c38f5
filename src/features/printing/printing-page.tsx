import { PlaceholderPage } from '../../ui/placeholder-page';

export function PrintingPage() {
  return <PlaceholderPage title="Modules printen" />;
}
