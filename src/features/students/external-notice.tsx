import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Part 2 §2: single-sign-on accounts have no password in this product. */
export function ExternalNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
      <Text c="dark.9">
        Deze leerling heeft een extern account (single sign-on via de school). Daarom heeft dit account geen wachtwoord in de
        Docentenomgeving.
      </Text>
    </Alert>
  );
}
