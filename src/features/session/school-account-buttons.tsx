/** 'Inloggen met je schoolaccount' on /login (issue 33): one button per provider of OIDC_PROVIDERS. */
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank } from '@tabler/icons-react';
import type { SchoolAccountProvider } from '../../api/session/types';
import { OFFLINE_LOGIN_MESSAGE } from '../../data/auth';
import { schoolAccountError, startSchoolAccount } from '../../data/school-account';
import { wrapLabel } from '../../ui/wrap-label';

/** A school's own provider name can be long ('Inloggen met het account van OSG De Meerwaarde'). */
const WRAP_LABEL = wrapLabel('center');

export interface SchoolAccountButtonsProps {
  providers: readonly SchoolAccountProvider[];
  /** Where to land afterwards (a same-origin path). */
  next: string;
  /** A refusal that came back from the provider's side (the return page). */
  error?: string | null;
}

/** After a refusal the provider is still signed in with that account; the next start asks it to ask again (prompt=login). */
const STILL_SIGNED_IN =
  'Je schoolaccount blijft ingelogd bij de inlogdienst van je school. Kies je hieronder opnieuw, dan vraagt die eerst met welk account je wilt inloggen.';

function Refusal({ message, note }: { message: string; note?: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden="true" />} role="alert">
      {message}
      {note && (
        <Text size="sm" mt="xs">
          {note}
        </Text>
      )}
    </Alert>
  );
}

export function SchoolAccountButtons({ providers, next, error }: SchoolAccountButtonsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  // A refusal still shows when the school has since switched its provider off (or the address was typed).
  if (!providers.length) return error ? <Refusal message={error} /> : null;

  const go = async (id: string) => {
    if (!navigator.onLine) return setStartError(OFFLINE_LOGIN_MESSAGE);
    setBusy(id);
    setStartError(null);
    try {
      await startSchoolAccount(id, next);
    } catch (err) {
      setStartError(schoolAccountError(err));
      setBusy(null);
    }
  };
  const shown = startError ?? error;
  const note = !startError && error ? STILL_SIGNED_IN : undefined;

  return (
    <Stack gap="xs" component="section" aria-labelledby="school-account-title">
      <Text id="school-account-title" fw={700}>
        Inloggen met je schoolaccount
      </Text>
      {shown && <Refusal message={shown} note={note} />}
      {providers.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          fullWidth
          loading={busy === p.id}
          disabled={busy !== null && busy !== p.id}
          leftSection={<IconBuildingBank size={20} aria-hidden="true" />}
          {...WRAP_LABEL}
          onClick={() => void go(p.id)}
        >
          {p.name}
        </Button>
      ))}
    </Stack>
  );
}
