/** The empty state of the portfolios page and of a student's portfolio tab (part 2 §2). */
import { Stack, Text, Title } from '@mantine/core';

export function EmptyPortfolio({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  return (
    <Stack gap="xs" py="lg" maw={640}>
      <Title order={headingOrder}>Laat leerlingen een portfolio bijhouden</Title>
      <Text>
        Leerlingen kunnen bij een les laten zien wat ze gedaan en geleerd hebben: ze voegen foto's en een beschrijving toe en schrijven een
        korte reflectie. Zodra een leerling iets heeft ingeleverd, zie je het hier en kun je feedback geven en het werk beoordelen.
      </Text>
    </Stack>
  );
}
