/** An address of a class that cannot be one ('/classrooms/form/abc'): said so, instead of another page. */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from '../../ui/page-title';

/** Part 1 §2: id 0 is a new class, any other a class of the school; 'abc' or '1.5' is neither. */
export const classIdOf = (raw: string | undefined): number | null => (/^\d{1,10}$/.test(raw ?? '0') ? Number(raw ?? 0) : null);

/** The same words as the server's 404 for a class (server/areas/classrooms/queries.ts). */
export function ClassNotFound() {
  usePageTitle('Klas niet gevonden');
  return (
    <Stack gap="lg">
      <Title order={1}>Klas niet gevonden</Title>
      <Alert color="red" variant="light" role="alert">
        <Text c="dark.9">Deze klas is niet gevonden.</Text>
      </Alert>
      <Anchor component={Link} href="/classrooms">
        Terug naar de klassen
      </Anchor>
    </Stack>
  );
}
