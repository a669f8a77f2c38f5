/**
 * The teacher's own password (issue 29.12, ASVS V2.1.5), from the avatar menu: online only, the
 * current password asked, and every other session ended by the server (users/changePassword).
 */
import '../ui/mantine-styles-more';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { api } from '../api/catalogue';
import { ApiCallError } from '../api/request';
import { useWrite } from '../data/use-write';
import { useOnline } from '../ui/use-online';
import { NEW_PASSWORD_MIN_LENGTH } from '../api/schemas';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const online = useOnline();
  const change = useWrite(api.session.changePassword);
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeatPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const close = () => {
    setValues({ currentPassword: '', newPassword: '', repeatPassword: '' });
    setErrors({});
    setMessage(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) next.currentPassword = 'Vul je huidige wachtwoord in.';
    if (values.newPassword.length < NEW_PASSWORD_MIN_LENGTH)
      next.newPassword = `Kies een nieuw wachtwoord van minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`;
    else if (values.repeatPassword !== values.newPassword) next.repeatPassword = 'De wachtwoorden zijn niet gelijk.';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const outcome = await change.send({ body: values });
      if (!outcome.queued) setMessage({ ok: true, text: outcome.answer.message });
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      setErrors(err.errors as Partial<Record<Field, string>>);
      setMessage({ ok: false, text: err.message });
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })}
      error={errors[name]}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title="Wachtwoord wijzigen" centered>
      {message?.ok ? (
        <Stack>
          <Alert color="green" role="status">
            {message.text}
          </Alert>
          <Button onClick={close}>Sluiten</Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Wachtwoord wijzigen">
          <Stack>
            {!online && (
              <Alert color="yellow" role="status">
                Je bent offline. Je wachtwoord wijzigen kan alleen met internet.
              </Alert>
            )}
            {message && (
              <Alert color="red" role="alert">
                {message.text}
              </Alert>
            )}
            {field('currentPassword', 'Huidig wachtwoord', 'current-password')}
            {field('newPassword', 'Nieuw wachtwoord', 'new-password')}
            {field('repeatPassword', 'Herhaal het nieuwe wachtwoord', 'new-password')}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuleren
              </Button>
              <Button type="submit" loading={change.busy} disabled={!online}>
                Wachtwoord wijzigen
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
