/**
 * 'Persoonlijke gegevens' (part 2 §2, §5): e-mail, name, level and classes. Queueable with
 * refusalToCaller: offline it waits in the outbox; a refusal shows here with the server's field errors.
 */
import '../../ui/mantine-styles-more';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { UserDetails } from '../../api/students/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { isValidEmail } from '../../lib/validation';
import { CheckboxRow } from '../../ui/checkbox-filter';
import { EditConflictView } from '../../ui/edit-conflict-view';
import { useEditConflict } from '../../widgets/edit-conflict/use-edit-conflict';
import { ExternalNotice } from './external-notice';
import type { ProfileBody } from './user-patches';

export const SAVED = 'Wijzigingen succesvol opgeslagen.';
const PROFILE_INCOMPLETE = 'Niet alle verplichte velden zijn ingevuld.';
const PROFILE_QUEUED = 'Je bent offline: de wijzigingen worden opgeslagen zodra er weer verbinding is.';

const EMAIL_REQUIRED = 'Vul een e-mailadres in.';
const EMAIL_INVALID = 'Vul een geldig e-mailadres in.';

function checkEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  return isValidEmail(email) ? null : EMAIL_INVALID;
}

/** The edited fields as the record holds them (`base`: compared by the server with what it stores). */
const baseOf = (u: UserDetails) => ({ email: u.email, name: u.name, studyLevel: u.studyLevel, classrooms: [...u.classrooms] });

type Outcome = { kind: 'saved' | 'queued' } | { kind: 'error'; message: string; errors: Record<string, string> } | null;

export function ProfileTab({ user, onSaved }: { user: UserDetails; onSaved(): void }) {
  const { user: me, config } = useSnapshot(session);
  const [email, setEmail] = useState(user.email);
  const [name, setName] = useState(user.name === user.email ? '' : user.name);
  const [level, setLevel] = useState<string | null>(user.studyLevel);
  const [classes, setClasses] = useState<string[]>(user.classrooms.map(String));
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Until the teacher edits, the form follows the profile as it arrives: the cached answer first, then
  // the same with a save still waiting in the outbox applied, then the server's fresh answer.
  const edited = useRef(false);
  // The profile as the teacher saw it when she started editing, sent as `base` (issue 36): the server
  // merges it with a colleague's changes and refuses only where both changed the same field.
  const base = useRef(baseOf(user));
  const classKey = user.classrooms.join(',');
  useEffect(() => {
    if (edited.current) return;
    base.current = baseOf(user);
    setEmail(user.email);
    setName(user.name === user.email ? '' : user.name);
    setLevel(user.studyLevel);
    setClasses(classKey ? classKey.split(',') : []);
    // The whole user is read through base: these fields are the ones that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.email, user.name, user.studyLevel, classKey]);
  const edit =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      edited.current = true;
      setter(v);
    };
  // A student's details, not the teacher's own: the browser's autofill would offer hers.
  const textField = (value: string, setter: (v: string) => void, error: string | undefined) => ({
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(setter)(e.currentTarget.value),
    error,
    autoComplete: 'off',
  });
  const school = useRead(api.classrooms.school);
  const save = useWrite(api.students.save);
  const conflict = useEditConflict(api.students.save, user.id);

  // Part 2 §2: classes this teacher leads come first.
  const classOptions = useMemo(
    () =>
      [...(school.data ?? [])].sort(
        (a, b) =>
          Number(b.mainTeacherId === me?.id) - Number(a.mainTeacherId === me?.id) || a.name.localeCompare(b.name, 'nl', { numeric: true }),
      ),
    [school.data, me?.id],
  );
  const formatClasses = (field: string, value: unknown) =>
    field === 'classrooms' && Array.isArray(value)
      ? value.map((id) => school.data?.find((c) => c.id === id)?.name ?? String(id)).join(', ') || '(geen klas)'
      : undefined;
  const errors = outcome?.kind === 'error' ? outcome.errors : {};

  const submit = async () => {
    // The form's own Dutch check, not the browser's bubble (English in some browsers): it replaces any
    // earlier message instead of leaving it standing next to a bubble.
    const emailError = checkEmail(email);
    if (emailError) {
      setOutcome({ kind: 'error', message: PROFILE_INCOMPLETE, errors: { email: emailError } });
      return;
    }
    setOutcome(null);
    // Part 2 §7: users/save carries the changepassword flag; the profile form changes no password.
    const body: ProfileBody = {
      id: user.id,
      email,
      name,
      studyLevel: level,
      classrooms: classes.map(Number),
      changepassword: false,
      base: base.current,
    };
    const label = `Profiel van ${user.email} wijzigen`;
    try {
      const result = await save.send({ body }, label, { refusalToCaller: true });
      saved(result.queued);
    } catch (err) {
      if (conflict.caught(err, { body }, label)) return;
      const e = err instanceof ApiCallError ? err : new ApiCallError(500, String(err));
      setOutcome({ kind: 'error', message: e.isNetwork ? e.message : e.message || PROFILE_INCOMPLETE, errors: e.errors });
    }
  };

  const saved = (queued: boolean) => {
    edited.current = false;
    setOutcome({ kind: queued ? 'queued' : 'saved' });
    if (!queued) onSaved();
  };
  const keepMine = async () => {
    const result = await conflict.keepMine();
    if (result) saved(result.queued);
  };
  const keepTheirs = async () => {
    const current = (await conflict.keepTheirs()) as UserDetails | null;
    edited.current = false;
    setOutcome(null);
    if (current?.id === user.id) {
      base.current = baseOf(current);
      setEmail(current.email);
      setName(current.name === current.email ? '' : current.name);
      setLevel(current.studyLevel);
      setClasses(current.classrooms.map(String));
    }
    onSaved();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md" maw={640}>
        {user.isExternal && <ExternalNotice />}
        {conflict.conflict && (
          <EditConflictView
            conflict={conflict.conflict}
            format={formatClasses}
            levels={config.study_levels}
            onKeepMine={keepMine}
            onKeepTheirs={keepTheirs}
          />
        )}
        {outcome?.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            <Text c="dark.9">{outcome.message}</Text>
          </Alert>
        )}
        {outcome?.kind === 'saved' && (
          <Alert color="green" variant="light" role="status">
            <Text c="dark.9">{SAVED}</Text>
          </Alert>
        )}
        {outcome?.kind === 'queued' && (
          <Alert color="blue" variant="light" role="status" icon={<IconInfoCircle aria-hidden="true" />}>
            <Text c="dark.9">{PROFILE_QUEUED}</Text>
          </Alert>
        )}
        <TextInput label="E-mail" type="email" withAsterisk {...textField(email, setEmail, errors.email)} />
        <TextInput
          label="Naam"
          description="Voor leerlingen is een naam niet verplicht. Laat je het leeg, dan wordt het e-mailadres als naam gebruikt."
          {...textField(name, setName, errors.name)}
        />
        <Select
          label="Niveau"
          data={Object.entries(config.study_levels).map(([value, label]) => ({ value, label }))}
          value={level}
          onChange={edit(setLevel)}
          error={errors.studyLevel}
        />
        <Checkbox.Group label="Klas wijzigen" value={classes} onChange={edit(setClasses)} error={errors.classrooms}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0} mt="xs">
            {classOptions.map((c) => (
              <CheckboxRow key={c.id} value={String(c.id)} label={c.name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <div>
          <Button type="submit" loading={save.busy}>
            Wijzigen
          </Button>
        </div>
      </Stack>
    </form>
  );
}
