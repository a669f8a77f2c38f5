import { PlaceholderPage } from '../../ui/placeholder-page';

export function LicencesPage() {
  return <PlaceholderPage title="Licenties" />;
}
