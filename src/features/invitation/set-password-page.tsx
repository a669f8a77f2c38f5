import { PlaceholderPage } from '../../ui/placeholder-page';

export function SetPasswordPage() {
  return <PlaceholderPage title="Wachtwoord instellen" />;
}
