/** /login (part 1 §2): e-mail and password, or the school portal (single sign-on). */
import { Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { outcomeOf } from '../../data/auth';
import { session } from '../../data/session';
import { safeReturnPath } from '../../lib/return-to';
import { usePageTitle } from '../../ui/page-title';
import { wrapLabel } from '../../ui/wrap-label';
import { DemoAccounts } from './demo-accounts';
import { deferred } from '../../ui/deferred';
import { LoginForm } from './login-form';
import { SchoolAccountButtons } from './school-account-buttons';
import { useLogin } from './use-login';

// After the first paint: it reads IndexedDB, which the sign-in form does not wait for (issue 17).
const HeldChangesNotice = deferred(async () => (await import('./held-changes-notice')).HeldChangesNotice);

/** 'Inloggen via het schoolportaal' takes two lines on a phone rather than ending in 'schoolp'. */
const WRAP_LABEL = wrapLabel('center');

export function ssoUrl(neoConnect: string, here: string): string {
  const joiner = neoConnect.includes('?') ? '&' : '?';
  return `${neoConnect}${joiner}redirect=${encodeURIComponent(here)}`;
}

/** A refusal the school-account return page brought here (history state: gone on a reload). */
function returnedError(): string | null {
  const state: unknown = window.history.state;
  const message = state && typeof state === 'object' ? (state as { schoolAccountError?: unknown }).schoolAccountError : null;
  return typeof message === 'string' ? message : null;
}

export function LoginPage() {
  usePageTitle('Inloggen');
  const { config, user, checked } = useSnapshot(session);
  const [, navigate] = useLocation();
  const next = safeReturnPath(new URLSearchParams(useSearch()).get('next'));
  const login = useLogin((outcome) => navigate(outcome === 'portal' ? next : '/notauthorized', { replace: true }));

  if (checked && user && outcomeOf(user) === 'portal') return <Redirect to={next} replace />;

  return (
    <Stack maw={480} mx="auto" gap="lg">
      {/* Less padding on a phone: the 390 px card keeps its width for the form and the buttons. */}
      <Card withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} component="section">
        <Stack gap="md">
          <Title order={1}>Inloggen</Title>
          <Text>Log in met je e-mailadres en wachtwoord van {config.system_name}.</Text>
          <HeldChangesNotice />
          <LoginForm onSubmit={login.submit} busy={login.busy} error={login.error} />
          <Divider label="of" labelPosition="center" />
          <SchoolAccountButtons providers={config.school_accounts} next={next} error={returnedError()} />
          <Button
            component="a"
            href={ssoUrl(config.neo_connect, window.location.href)}
            variant="outline"
            leftSection={<IconSchool size={20} aria-hidden="true" />}
            fullWidth
            {...WRAP_LABEL}
          >
            Inloggen via het schoolportaal
          </Button>
        </Stack>
      </Card>
      {config.demo && <DemoAccounts />}
    </Stack>
  );
}
