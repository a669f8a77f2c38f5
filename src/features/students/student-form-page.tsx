import { PlaceholderPage } from '../../ui/placeholder-page';

export function StudentFormPage() {
  return <PlaceholderPage title="Profiel wijzigen" />;
}
