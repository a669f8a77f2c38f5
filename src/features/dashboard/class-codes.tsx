/** The codes of the teacher's own classes, each with a copy button: students register with them. */
import { Group, Text } from '@mantine/core';
import { Card, Stack, Title } from '../../ui/plain';
import type { Classroom } from '../../api/classrooms/types';
import { CopyButton } from '../../ui/copy-button';

export function ClassCodes({ classes }: { classes: readonly Classroom[] }) {
  return (
    <Card aria-labelledby="class-codes-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="class-codes-title">
          Klascodes
        </Title>
        <Text size="sm">Leerlingen melden zich aan met de code van hun klas.</Text>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {classes.map((c) => (
            <Group key={c.id} component="li" justify="space-between" wrap="nowrap">
              <Text>
                {c.name}:{' '}
                <Text span ff="monospace" fw={700}>
                  {c.accessCode}
                </Text>
              </Text>
              <CopyButton value={c.accessCode} label={`Klascode van ${c.name} kopiëren`} />
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
