/** Licence banners of part 1 §2: no licences ordered (inactive school) or more licences used than bought. */
import { Alert, Anchor, Container, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'wouter';

export interface BannersProps {
  /** Organisation active flag; undefined while unknown, then no banner is shown. */
  active: boolean | undefined;
  overuse: boolean;
  /** The sales site's order form (configuration sales_order_url), not its home page. */
  orderUrl: string;
}

export function Banners({ active, overuse, orderUrl }: BannersProps) {
  if (active === undefined) return null;
  if (!active) {
    return (
      <Container size="xl" mt="md" component="section" aria-label="Licentiemelding">
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          <Text>
            Je hebt voor dit schooljaar nog geen licenties besteld.{' '}
            <Anchor href={orderUrl} target="_blank" rel="noopener noreferrer" c="dark" fw={700} underline="always">
              Licenties bestellen
            </Anchor>
          </Text>
        </Alert>
      </Container>
    );
  }
  if (!overuse) return null;
  return (
    <Container size="xl" mt="md" component="section" aria-label="Licentiemelding">
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <Text>
          Let op: Je overschrijdt het aantal gekochte licenties.{' '}
          <Anchor component={Link} href="/classrooms" c="dark" fw={700} underline="always">
            Inactieve gebruikers verwijderen
          </Anchor>{' '}
          of{' '}
          <Anchor href={orderUrl} target="_blank" rel="noopener noreferrer" c="dark" fw={700} underline="always">
            nieuwe licenties bestellen
          </Anchor>
          .{' '}
          <Anchor component={Link} href="/licenses" c="dark" fw={700} underline="always">
            Bekijk het licentiegebruik
          </Anchor>
        </Text>
      </Alert>
    </Container>
  );
}
