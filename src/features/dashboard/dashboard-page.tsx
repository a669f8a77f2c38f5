import { Text } from '@mantine/core';
import { api } from '../../api/catalogue';
import { useRead } from '../../data/use-read';
import { PlaceholderPage } from '../../ui/placeholder-page';

export function DashboardPage() {
  const { data } = useRead(api.session.organisationInfo);
  return <PlaceholderPage title="Dashboard">{data && <Text fw={500}>{[data.name, data.location].filter(Boolean).join(', ')}</Text>}</PlaceholderPage>;
}
