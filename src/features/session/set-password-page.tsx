/**
 * /wachtwoord-instellen?token=… : where an invited colleague sets a password (the link of the
 * invitation e-mail, server/areas/session/invitations.ts). Not in part 1 §2; needs no sign-in.
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Center, Container, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearch } from 'wouter';
import { usePageTitle } from '../../ui/page-title';
import { StatusAlert } from '../../ui/status-alert';
import { useInvitation } from './use-invitation';
import { NEW_PASSWORD_MIN_LENGTH } from '../../api/schemas';

export const TOO_SHORT = `Kies een wachtwoord van minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`;
export const NO_MATCH = 'De wachtwoorden zijn niet hetzelfde.';
export const NAME_REQUIRED = 'Vul je naam in.';

export function SetPasswordPage() {
  usePageTitle('Wachtwoord instellen');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const inv = useInvitation(token);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; repeat?: string }>({});
  // An account without a name gets one here, so colleagues see who she is (issue 28.19).
  const asksName = inv.invitation?.hasName === false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (asksName && !name.trim()) next.name = NAME_REQUIRED;
    if (password.length < NEW_PASSWORD_MIN_LENGTH) next.password = TOO_SHORT;
    if (repeat !== password) next.repeat = NO_MATCH;
    setErrors(next);
    if (!next.name && !next.password && !next.repeat) void inv.setPassword(password, asksName ? name.trim() : undefined);
  };

  return (
    <Container size={520} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1}>Wachtwoord instellen</Title>
          {inv.loading ? (
            <Center py="md">
              <Loader role="status" aria-label="Uitnodiging laden" />
            </Center>
          ) : inv.loadError ? (
            <>
              <StatusAlert tone="error">{inv.loadError}</StatusAlert>
              <Anchor component={Link} href="/login">
                Naar de inlogpagina
              </Anchor>
            </>
          ) : inv.done ? (
            <>
              <StatusAlert tone="success">{inv.done}</StatusAlert>
              <Button component={Link} href="/login">
                Naar de inlogpagina
              </Button>
            </>
          ) : (
            <>
              {inv.invitation && (
                <Text>
                  Je bent uitgenodigd voor de Docentenomgeving van <strong>{inv.invitation.organisationName}</strong>.{' '}
                  {asksName ? 'Vul je naam in en kies' : 'Kies'} een wachtwoord voor je account <strong>{inv.invitation.email}</strong>.
                </Text>
              )}
              {inv.sendError && <StatusAlert tone="error">{inv.sendError}</StatusAlert>}
              <form onSubmit={submit} noValidate aria-label="Wachtwoord instellen">
                <Stack gap="md">
                  {/* Lets password managers store the new password with the right account. */}
                  <input type="email" name="username" autoComplete="username" value={inv.invitation?.email ?? ''} readOnly hidden />
                  {asksName && (
                    <TextInput
                      label="Je naam"
                      autoComplete="name"
                      required
                      maxLength={200}
                      value={name}
                      onChange={(e) => setName(e.currentTarget.value)}
                      error={errors.name}
                    />
                  )}
                  <PasswordInput
                    label="Nieuw wachtwoord"
                    description={`Minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`}
                    autoComplete="new-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    error={errors.password}
                  />
                  <PasswordInput
                    label="Herhaal het wachtwoord"
                    autoComplete="new-password"
                    required
                    value={repeat}
                    onChange={(e) => setRepeat(e.currentTarget.value)}
                    error={errors.repeat}
                  />
                  <Button type="submit" loading={inv.busy}>
                    Wachtwoord instellen
                  </Button>
                </Stack>
              </form>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
