/** A page that is still being built: its heading and one line, nothing more. */
import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './page-title';

export const PLACEHOLDER_TEXT = 'Dit onderdeel wordt op dit moment gebouwd.';

export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {children}
      <Text>{PLACEHOLDER_TEXT}</Text>
    </Stack>
  );
}
