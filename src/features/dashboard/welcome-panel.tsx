/** For a teacher without classes (part 1 §2): where to start. */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Card, Stack, Title } from '../../ui/plain';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { UsefulLink } from '../../lib/help-link';

export function WelcomePanel({ help }: { help: UsefulLink | null }) {
  return (
    <Card aria-labelledby="welcome-title">
      <Stack gap="sm">
        <Title order={2} id="welcome-title">
          Welkom in de Docentenomgeving
        </Title>
        <Text>
          Je hebt nog geen eigen klassen. Maak een klas aan: je krijgt dan een klascode waarmee je leerlingen zich aanmelden. Daarna zie je
          hier wat je leerlingen doen en kun je hun controleaanvragen goedkeuren.
        </Text>
        <Group>
          <Button component={Link} href="/classrooms/form/0" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            Maak je eerste klas aan
          </Button>
          {help && (
            <Anchor href={help.url} target="_blank" rel="noopener noreferrer" py={10}>
              Meer informatie in het {help.title.toLowerCase()}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
