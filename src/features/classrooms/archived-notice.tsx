/**
 * Why an archived class (issue 31, last year's, archived by the year change) shows no edit actions:
 * the server refuses every change to it (409), so the page offers none and says so.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { Link } from 'wouter';

export function ArchivedNotice({ name, year }: { name: string; year: string }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconArchive size={20} aria-hidden="true" />}
      title="Gearchiveerd: alleen te lezen"
      role="status"
    >
      <Text size="sm">
        Klas {name} hoort bij schooljaar {year} en kan niet meer worden gewijzigd. Leerlingen toevoegen, wijzigen, verplaatsen of
        verwijderen kan in de klassen van dit schooljaar. De portfolio&apos;s en feedback van deze klas blijven te lezen.
      </Text>
      {/* 44 px high: a touch target on the tablet. */}
      <Anchor component={Link} href="/classrooms" size="sm" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        Naar Vorige schooljaren
      </Anchor>
    </Alert>
  );
}
