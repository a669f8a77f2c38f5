/** The way back from a page the dashboard links to (teachers, licences). */
import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'wouter';

export function BackToDashboard() {
  return (
    <Group>
      <Button component={Link} href="/index" variant="subtle" leftSection={<IconArrowLeft size={20} aria-hidden="true" />}>
        Terug naar het dashboard
      </Button>
    </Group>
  );
}
