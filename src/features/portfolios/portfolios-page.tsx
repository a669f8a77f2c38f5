import { PlaceholderPage } from '../../ui/placeholder-page';

export function PortfoliosPage() {
  return <PlaceholderPage title="Portfolio's" />;
}
