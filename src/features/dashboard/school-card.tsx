/** The school card (part 1 §2): name, location and counts, with links to the classes and teachers. */
import { Anchor, Group, Text } from '@mantine/core';
import { Card, Stack, Title } from '../../ui/plain';
import { Link } from 'wouter';
import type { Organisation } from '../../api/session/types';
import { classes, plural, students } from '../../lib/plural';

export function SchoolCard({ organisation }: { organisation: Organisation | undefined }) {
  return (
    <Card aria-labelledby="school-card-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="school-card-title">
          {organisation?.name ?? 'Mijn school'}
        </Title>
        {organisation && (
          <>
            <Text c="dimmed">{[organisation.location, organisation.city].filter(Boolean).join(', ')}</Text>
            <Text>
              {classes(organisation.classroomCount)} · {students(organisation.studentCount)} ·{' '}
              {plural(organisation.teacherCount, 'docent', 'docenten')}
            </Text>
          </>
        )}
        <Group gap="lg">
          <Anchor component={Link} href="/classrooms" py={10}>
            Alle klassen bekijken
          </Anchor>
          <Anchor component={Link} href="/teachers" py={10}>
            Alle docenten bekijken
          </Anchor>
          <Anchor component={Link} href="/licenses" py={10}>
            Licenties bekijken
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
