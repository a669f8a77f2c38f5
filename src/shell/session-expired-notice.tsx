/** The refresh token was refused: nothing is lost, but queued changes wait for a new sign-in. */
import { Button, Group, Text } from '@mantine/core';

export function SessionExpiredNotice({ expired, onSignIn }: { expired: boolean; onSignIn: () => void }) {
  if (!expired) return null;
  return (
    <Group justify="center" bg="orange.0" py={6} role="alert" gap="md">
      <Text size="sm">Je sessie is verlopen. Log opnieuw in; je wijzigingen blijven bewaard en worden daarna verzonden.</Text>
      <Button size="sm" color="orange" onClick={onSignIn}>
        Opnieuw inloggen
      </Button>
    </Group>
  );
}
