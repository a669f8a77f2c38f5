/**
 * 'Schoolaccount koppelen' asks for the teacher's own password first: a link is a second way into
 * her account, so an open session on a shared tablet must not be enough to add one. The server
 * checks it (with the limits of every password check) and mails her about the link.
 */
import '../ui/mantine-styles-more';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ApiCallError } from '../api/request';
import { linkSchoolAccount, schoolAccountError } from '../data/school-account';

export interface LinkDialogProps {
  /** The provider to link, or null when the dialog is closed. */
  provider: { id: string; name: string } | null;
  onClose: () => void;
}

export function SchoolAccountLinkDialog({ provider, onClose }: LinkDialogProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setFieldError(null);
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!provider) return;
    setError(null);
    if (!password) return setFieldError('Vul je wachtwoord in.');
    setFieldError(null);
    setBusy(true);
    try {
      // Leaves for the provider's page when the password is right.
      await linkSchoolAccount(provider.id, window.location.pathname + window.location.search, password);
    } catch (err) {
      setBusy(false);
      const field = err instanceof ApiCallError ? err.errors.password : undefined;
      if (field) setFieldError(field);
      else setError(schoolAccountError(err));
    }
  };

  return (
    <Modal opened={!!provider} onClose={close} title="Schoolaccount koppelen" centered>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Schoolaccount koppelen">
        <Stack>
          <Text size="sm">
            Daarna kun je inloggen met je schoolaccount van {provider?.name}. Vul ter bevestiging je wachtwoord van de Docentenomgeving in;
            je krijgt een e-mail over de koppeling.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Je wachtwoord"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuleren
            </Button>
            <Button type="submit" loading={busy}>
              Koppelen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
