/** /classrooms/form/{id} (part 1 §2 "Class form"): id 0 adds a class, any other id edits it. */
import '../../ui/mantine-styles-more';
import { Alert, Anchor, Button, Center, Group, List, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Classroom, Section } from '../../api/classrooms/types';
import type { Config } from '../../api/session/types';
import type { Teacher } from '../../api/teachers/types';
import { CopyButton } from '../../ui/copy-button';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { StatusAlert } from '../../ui/status-alert';
import { TouchSwitch } from '../../ui/touch-switch';
import { ClassNotFound, classIdOf } from './class-not-found';
import { ModuleGroups } from './module-groups';
import { EditConflictView } from '../../ui/edit-conflict-view';
import { teacherChoices } from './class-rules';
import { ArchivedNotice } from './archived-notice';
import { FIELD_MESSAGES, QUEUED_MESSAGE, useClassroomForm, useClassroomFormData } from './use-classroom-form';

const FIELD_NAMES: Record<string, string> = {
  name: 'Naam',
  defaultStudyLevel: 'Standaardniveau',
  mainTeacherId: 'Hoofddocent',
  chapters: 'Modules',
};

export function ClassroomFormPage({ params }: { params: { id?: string } }) {
  const id = classIdOf(params.id);
  if (id === null) return <ClassNotFound />;
  return <ClassroomFormOf id={id} />;
}

function ClassroomFormOf({ id }: { id: number }) {
  const title = id === 0 ? 'Klas toevoegen' : 'Klas wijzigen';
  usePageTitle(title);
  const { config, details, teachers, sections } = useClassroomFormData(id);
  const ready = details.data && details.data.id === id && (!config.can_assign_chapters || sections.data);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <StaleNotice stale={details.stale} updatedAt={details.updatedAt} />
      {details.data?.id === id && details.data.archivedYear ? (
        // Issue 31: last year's class takes no changes (the server answers 409); say so instead of a form that fails.
        <ArchivedNotice name={details.data.name} year={details.data.archivedYear} />
      ) : ready && details.data ? (
        // Keyed by id: after creating, the address changes to the new id and the form starts over with its code.
        <ClassroomForm key={id} room={details.data} config={config} teachers={teachers.data ?? []} sections={sections.data ?? []} />
      ) : details.error ? (
        <Alert color="red" variant="light" role="alert">
          {details.error.message}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label="Klas laden" />
        </Center>
      )}
    </Stack>
  );
}

interface FormProps {
  room: Classroom;
  config: Pick<Config, 'study_levels' | 'can_assign_chapters'>;
  teachers: readonly Teacher[];
  sections: readonly Section[];
}

export function ClassroomForm({ room, config, teachers, sections }: FormProps) {
  const form = useClassroomForm(room, config.can_assign_chapters);
  const errors = form.status.kind === 'error' ? form.status.errors : {};
  const levelOptions = Object.entries(config.study_levels).map(([value, label]) => ({ value, label }));
  const teacherOptions = teacherChoices(teachers, room.mainTeacherId);
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal may be out of view (the module groups open below the name): take the teacher to the first error.
  useEffect(() => {
    if (form.status.kind !== 'error') return;
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current?.querySelector<HTMLElement>('[data-form-error]');
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, [form.status]);
  const format = (field: string, value: unknown) => {
    if (field === 'mainTeacherId' && typeof value === 'number') return teacherOptions.find((t) => t.value === String(value))?.label;
    if (field === 'chapters' && Array.isArray(value)) {
      const names = sections
        .flatMap((s) => s.chapters)
        .filter((c) => value.includes(c.id))
        .map((c) => c.name);
      return names.length === value.length && names.length > 0 ? names.join(', ') : undefined;
    }
    return undefined;
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <Stack gap="md" maw={760}>
        {form.conflict && (
          <EditConflictView
            conflict={form.conflict}
            format={format}
            levels={config.study_levels}
            onKeepMine={form.keepMine}
            onKeepTheirs={form.keepTheirs}
          />
        )}
        {form.status.kind === 'error' && (
          <StatusAlert tone="error" tabIndex={-1} data-form-error>
            {/* Not Alert's title: its light red fails 4.5:1 on the tinted background. */}
            <Text fw={700}>{form.status.message}</Text>
            {Object.keys(errors).length > 0 && (
              <List size="sm">
                {Object.entries(errors).map(([key, message]) => (
                  <List.Item key={key}>{`${FIELD_NAMES[key] ?? key}: ${message}`}</List.Item>
                ))}
              </List>
            )}
          </StatusAlert>
        )}
        {form.status.kind === 'queued' && (
          <StatusAlert tone="info">
            {QUEUED_MESSAGE}{' '}
            <Anchor component={Link} href="/classrooms">
              Terug naar de klassen
            </Anchor>
          </StatusAlert>
        )}

        <TextInput
          label="Naam van de klas"
          required
          maxLength={100}
          value={form.fields.name}
          onChange={(e) => form.update({ name: e.currentTarget.value })}
          error={errors.name}
        />

        {room.id === 0 ? (
          <Text>
            <Text span fw={600}>
              Klascode:
            </Text>{' '}
            de klascode wordt gemaakt als je de klas opslaat.
          </Text>
        ) : (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            {/* Read-only, so it does not look like a field to type in: a value on a grey chip, with its copy button. */}
            <TextInput
              label="Klascode"
              value={room.accessCode}
              readOnly
              variant="unstyled"
              style={{ flex: '0 1 220px' }}
              styles={{
                input: {
                  fontFamily: 'monospace',
                  fontWeight: 700,
                  fontSize: '1.125rem',
                  letterSpacing: '0.08em',
                  cursor: 'default',
                  background: 'var(--mantine-color-gray-1)',
                  borderRadius: 'var(--mantine-radius-md)',
                  paddingInline: '0.75rem',
                },
              }}
            />
            <CopyButton value={room.accessCode} label={`Klascode van ${room.name} kopiëren`} />
          </Group>
        )}

        <Select
          label="Standaardniveau"
          required
          data={levelOptions}
          value={form.fields.defaultStudyLevel || null}
          onChange={(v) => form.update({ defaultStudyLevel: v ?? '' })}
          error={errors.defaultStudyLevel}
          allowDeselect={false}
          placeholder="Kies een niveau"
        />
        <Select
          label="Hoofddocent"
          data={teacherOptions}
          value={form.fields.mainTeacherId === null ? null : String(form.fields.mainTeacherId)}
          onChange={(v) => form.update({ mainTeacherId: v ? Number(v) : null })}
          error={errors.mainTeacherId}
          allowDeselect={false}
          searchable
        />
        <TouchSwitch
          label="Antwoorden digitaal zichtbaar"
          description="Leerlingen zien de antwoorden na een goedgekeurde controle."
          checked={form.fields.answersActivated}
          onChange={(e) => form.update({ answersActivated: e.currentTarget.checked })}
        />

        {config.can_assign_chapters && (
          <Stack gap="sm" component="section" aria-labelledby="modules-title">
            <Title order={2} size="h3" id="modules-title">
              Modules
            </Title>
            {form.noChapters && (
              <Alert color="orange" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
                {errors.chapters ?? FIELD_MESSAGES.chapters} Zonder modules kun je de klas niet opslaan.
              </Alert>
            )}
            {!form.noChapters && errors.chapters && (
              <Text c="red.9" role="alert">
                {errors.chapters}
              </Text>
            )}
            <ModuleGroups sections={sections} chosen={form.fields.chapters} onChange={(chapters) => form.update({ chapters })} />
          </Stack>
        )}

        <Group>
          <Button type="submit" loading={form.busy} disabled={form.noChapters || form.saved}>
            Opslaan
          </Button>
          <Button component={Link} href="/classrooms" variant="default">
            Annuleren
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
