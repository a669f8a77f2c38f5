/** /teachers (part 2 §2 "Teachers"): the school's colleagues, set active or inactive, and invite a colleague. */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconInfoCircle, IconMail, IconSearch, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Teacher } from '../../api/teachers/types';
import { searchRows } from '../../lib/search';
import { confirmAction } from '../../ui/confirm';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { useTeachers, type Feedback } from './use-teachers';

// Part 2 §2: search over name or e-mail only.
const searchable = (t: Teacher) => [t.name, t.email];

// Dark shades: 4.5:1 on white and on a striped row.
const FEEDBACK_COLORS = { success: 'teal.9', error: 'red.9', info: 'brand.8' } as const;

function FeedbackAlert({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  const color = feedback.kind === 'success' ? 'green' : feedback.kind === 'error' ? 'red' : 'blue';
  const Icon = feedback.kind === 'success' ? IconCircleCheck : feedback.kind === 'error' ? IconAlertTriangle : IconInfoCircle;
  return (
    <Alert
      color={color}
      variant="light"
      role={feedback.kind === 'error' ? 'alert' : 'status'}
      icon={<Icon aria-hidden="true" />}
    >
      {feedback.message}
    </Alert>
  );
}

export function TeachersPage() {
  usePageTitle('Docenten');
  const data = useTeachers();
  const [query, setQuery] = useState('');
  const rows = useMemo(() => searchRows(data.teachers.data ?? [], query, searchable), [data.teachers.data, query]);
  const org = data.organisation;

  const toggle = async (teacher: Teacher) => {
    const active = teacher.status !== 'active';
    if (!active) {
      const ok = await confirmAction({
        title: 'Let op!',
        message: `Weet je zeker dat je ${teacher.name || teacher.email} op inactief wilt zetten? Deze collega kan dan niet meer inloggen bij jullie school.`,
        confirmLabel: 'Zet op inactief',
      });
      if (!ok) return;
    }
    await data.setStatus(teacher, active);
  };

  return (
    <Stack gap="lg">
      <Group>
        <Button component={Link} href="/index" variant="subtle" leftSection={<IconArrowLeft size={20} aria-hidden="true" />}>
          Terug naar het dashboard
        </Button>
      </Group>
      <Title order={1}>
        Docenten{org ? ` van ${org.name}` : ''}
        {org?.location ? <Text span inherit c="dimmed">{` (${org.location})`}</Text> : null}
      </Title>
      <StaleNotice stale={data.teachers.stale} updatedAt={data.teachers.updatedAt} />

      <TextInput
        label="Zoeken"
        placeholder="Zoek op docent..."
        type="search"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />

      {data.teachers.loading && !data.teachers.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Docenten laden" />
        </Center>
      ) : data.teachers.error && !data.teachers.data ? (
        <Alert color="red" variant="light" role="alert">
          {data.teachers.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text role="status">{query.trim() ? `Geen docenten gevonden voor ‘${query.trim()}’.` : 'Er zijn nog geen docenten.'}</Text>
      ) : (
        <div className="fit-table">
          <Table verticalSpacing="xs" striped aria-label="Docenten">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Naam</Table.Th>
                <Table.Th>E-mailadres</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <Text span size="sm" fw={700}>
                    Actie
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t, i) => (
                <TeacherRow
                  key={t.id}
                  index={i + 1}
                  teacher={t}
                  isSelf={t.id === data.userId}
                  busy={data.statusBusy}
                  feedback={data.feedback?.teacherId === t.id ? data.feedback : null}
                  onToggle={() => void toggle(t)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <InviteSection invite={data.invite} />

      <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle aria-hidden="true" />} title="Vertrekt er een collega?">
        Zet een collega die niet meer op jullie school werkt op inactief. Na een half jaar wordt het account dan automatisch verwijderd.
      </Alert>
    </Stack>
  );
}

interface TeacherRowProps {
  index: number;
  teacher: Teacher;
  isSelf: boolean;
  busy: boolean;
  feedback: Feedback;
  onToggle: () => void;
}

function TeacherRow({ index, teacher, isSelf, busy, feedback, onToggle }: TeacherRowProps) {
  const active = teacher.status === 'active';
  const who = teacher.name || teacher.email;
  return (
    <Table.Tr>
      <Table.Td>{index}</Table.Td>
      <Table.Td>
        {teacher.name || <Text span c="dimmed">Nog niet ingelogd</Text>}
        {isSelf && (
          <Badge ml="xs" color="gray.8" variant="outline">
            Jij
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{teacher.email}</Table.Td>
      <Table.Td>
        <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled">
          {active ? 'Actief' : 'Inactief'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {!isSelf && (
          <Button
            variant={active ? 'default' : 'filled'}
            color={active ? undefined : 'teal.9'}
            leftSection={active ? <IconUserOff size={18} aria-hidden="true" /> : <IconUserCheck size={18} aria-hidden="true" />}
            onClick={onToggle}
            disabled={busy}
          >
            {active ? 'Zet op inactief' : 'Zet op actief'}
            <VisuallyHidden>{`: ${who}`}</VisuallyHidden>
          </Button>
        )}
        {feedback && (
          <Text size="sm" mt={4} c={FEEDBACK_COLORS[feedback.kind]} fw={600} role={feedback.kind === 'error' ? 'alert' : 'status'}>
            {feedback.message}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function InviteSection({ invite }: { invite: ReturnType<typeof useTeachers>['invite'] }) {
  const [email, setEmail] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await invite.send(email)) setEmail('');
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invite-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="invite-heading">
          Collega uitnodigen
        </Title>
        <Text>Nodig een collega uit voor de Docentenomgeving van jullie school. Je collega krijgt een e-mail met een link om een wachtwoord in te stellen.</Text>
        <FeedbackAlert feedback={invite.feedback} />
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="invite-heading">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="E-mailadres collega"
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                invite.clearError();
              }}
              error={invite.error}
              style={{ flex: '1 1 280px', maxWidth: 420 }}
            />
            <Button type="submit" mt={26} loading={invite.busy} leftSection={<IconMail size={18} aria-hidden="true" />}>
              Uitnodigen
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
