/** /notauthorized: the portal is for teachers and school administrators only (part 1 §2, §6). */
import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { signOut } from '../../data/auth';
import { askProviderWhoIsThere, providerAsksWhoIsThere } from '../../data/school-account';
import { session } from '../../data/session';
import { usePageTitle } from '../../ui/page-title';

export function NotAuthorizedPage() {
  usePageTitle('Geen toegang');
  const { user } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  // Sent here by a refused school-account sign-in: that account is still signed in at the provider.
  const [fromSchoolAccount] = useState(providerAsksWhoIsThere);

  const otherAccount = async () => {
    setBusy(true);
    // The next school-account sign-in makes the provider ask who is there, not hand over this account again.
    askProviderWhoIsThere();
    // A non-portal role may still be signed in: end that session before signing in again.
    if (user) await signOut({ reloadOnFailure: false });
    setBusy(false);
    navigate('/login');
  };

  return (
    <Card withBorder radius="md" p="xl" maw={640} mx="auto" component="section">
      <Stack gap="md">
        <Title order={1}>Geen toegang</Title>
        <Text>De Docentenomgeving is alleen bedoeld voor docenten en schoolbeheerders.</Text>
        <Text>
          Leerlingen hebben geen toegang tot de Docentenomgeving. Ben je docent of schoolbeheerder? Log dan in met je eigen account.
        </Text>
        {fromSchoolAccount && (
          <Text>
            Je schoolaccount blijft ingelogd bij de inlogdienst van je school. Kies je &lsquo;Inloggen met een ander account&rsquo;, dan
            vraagt die eerst met welk account je wilt inloggen.
          </Text>
        )}
        <Button
          onClick={() => void otherAccount()}
          loading={busy}
          leftSection={<IconLogin size={20} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          Inloggen met een ander account
        </Button>
      </Stack>
    </Card>
  );
}
