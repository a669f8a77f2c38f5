/**
 * The sign-in form (part 1 §5 validation). Presentational: it validates and hands the e-mail address
 * and password to onSubmit; it keeps the password only in this component's state.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { stripSpaces, validateEmail, validatePassword } from '../../lib/validation';

export interface LoginFormProps {
  onSubmit: (email: string, password: string) => void | Promise<void>;
  busy?: boolean;
  /** A refusal to show above the button, e.g. 'Inloggegevens zijn niet juist'. */
  error?: string | null;
}

export function LoginForm({ onSubmit, busy = false, error }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });

  const emailError = touched.email ? validateEmail(email) : null;
  const passwordError = touched.password ? validatePassword(password) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ email: true, password: true });
    if (validateEmail(email) || validatePassword(password)) return;
    void onSubmit(email, password);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Inloggen">
      <Stack gap="md">
        <TextInput
          label="E-mailadres"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(stripSpaces(e.currentTarget.value))}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          error={emailError}
        />
        <PasswordInput
          label="Wachtwoord"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={passwordError}
          // Not 'Wachtwoord …': the field's own label must stay the only one matching 'Wachtwoord'.
          visibilityToggleButtonProps={{ 'aria-label': 'Tekens tonen of verbergen' }}
        />
        {error && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} fullWidth>
          Inloggen
        </Button>
      </Stack>
    </form>
  );
}
