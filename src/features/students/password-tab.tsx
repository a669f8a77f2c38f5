/**
 * 'Wachtwoord wijzigen' (part 2 §2, §5, §6): the teacher confirms with their own password. Online
 * only: a body with passwords is never queued (sensitiveFields), so offline the teacher reads the
 * Dutch 'needs a connection' message and nothing is stored.
 */
import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { UserDetails } from '../../api/students/types';
import { useWrite } from '../../data/use-write';
import { ExternalNotice } from './external-notice';
import { SAVED } from './profile-tab';

const EMPTY = { adminpassword: '', newpassword: '', repeatpassword: '' };

const FIELDS = [
  { name: 'adminpassword', label: 'Je eigen wachtwoord', autoComplete: 'current-password' },
  { name: 'newpassword', label: 'Nieuw wachtwoord', autoComplete: 'new-password' },
  { name: 'repeatpassword', label: 'Herhaal nieuw wachtwoord', autoComplete: 'new-password' },
] as const satisfies readonly { name: keyof typeof EMPTY; label: string; autoComplete: string }[];

export function PasswordTab({ user }: { user: UserDetails }) {
  const [fields, setFields] = useState(EMPTY);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useWrite(api.students.save);
  if (user.isExternal) return <ExternalNotice />;

  const set = (field: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [field]: value }));
  };

  const submit = async () => {
    setMessage(null);
    setErrors({});
    try {
      await save.send({ body: { id: user.id, changepassword: true, ...fields } }, `Wachtwoord van ${user.email} wijzigen`, {
        refusalToCaller: true,
      });
      // Never kept: the fields empty as soon as the server has the new password.
      setFields(EMPTY);
      setMessage({ ok: true, text: SAVED });
    } catch (err) {
      const e = err instanceof ApiCallError ? err : new ApiCallError(500, String(err));
      setErrors(e.errors);
      setMessage({ ok: false, text: e.message });
    }
  };

  return (
    <Stack
      component="form"
      gap="md"
      maw={480}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
          <Text c="dark.9">{message.text}</Text>
        </Alert>
      )}
      {FIELDS.map((f) => (
        <PasswordInput
          key={f.name}
          label={f.label}
          withAsterisk
          value={fields[f.name]}
          onChange={set(f.name)}
          error={errors[f.name]}
          autoComplete={f.autoComplete}
        />
      ))}
      <div>
        <Button type="submit" loading={save.busy}>
          Wachtwoord wijzigen
        </Button>
      </div>
    </Stack>
  );
}
