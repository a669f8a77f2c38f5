/** /teachers (part 2 §2 "Teachers"): the school's colleagues, set active or inactive, and invite a colleague. */
import { Fragment, useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconMail, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { Teacher } from '../../api/teachers/types';
import { searchRows } from '../../lib/search';
import { BackToDashboard } from '../../ui/back-to-dashboard';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { StatusAlert } from '../../ui/status-alert';
import { useTeachers, type Feedback } from './use-teachers';

// Part 2 §2: search over name or e-mail only.
const searchable = (t: Teacher) => [t.name, t.email];

const COLUMNS = [
  { key: 'index', label: '#' },
  { key: 'name', label: 'Naam' },
  { key: 'email', label: 'E-mailadres' },
  { key: 'status', label: 'Status' },
  {
    key: 'action',
    label: (
      <Text span size="sm" fw={700}>
        Actie
      </Text>
    ),
  },
];

// Dark shades: 4.5:1 on white and on a striped row.
const FEEDBACK_COLORS = { success: 'teal.9', error: 'red.9', info: 'brand.8' } as const;

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
      <BackToDashboard />
      <Title order={1}>
        Docenten{org ? ` van ${org.name}` : ''}
        {org?.location ? <Text span inherit c="dimmed">{` (${org.location})`}</Text> : null}
      </Title>
      <StaleNotice stale={data.teachers.stale} updatedAt={data.teachers.updatedAt} />

      <SearchField label="Zoeken" placeholder="Zoek op docent..." value={query} onChange={setQuery} maw={420} />

      <ListState
        loading={data.teachers.loading && !data.teachers.data}
        loadingLabel="Docenten laden"
        error={data.teachers.error && !data.teachers.data && data.teachers.error.message}
        empty={(data.teachers.data ?? []).length === 0 && 'Er zijn nog geen docenten.'}
        noMatch={rows.length === 0 && `Geen docenten gevonden voor ‘${query.trim()}’.`}
      >
        <DataTable label="Docenten" columns={COLUMNS} verticalSpacing="xs">
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
        </DataTable>
      </ListState>

      <InviteSection invite={data.invite} />

      <StatusAlert tone="info" role="note" title="Vertrekt er een collega?">
        Zet een collega die niet meer op jullie school werkt op inactief. Na een half jaar wordt het account dan automatisch verwijderd.
      </StatusAlert>
    </Stack>
  );
}

/*
 * The table keeps its shape after a (de)activation (issue 28 item 17): the answer wraps within the
 * width the button gives the 'Actie' column (inline-size containment: it adds no width of its own),
 * a status badge is never cut to 'ACT…', and an e-mail breaks after its '@' or at a dot before it
 * breaks inside a word.
 */
const FITS_CELL: CSSProperties = { contain: 'inline-size' };
const WHOLE_BADGE: CSSProperties = { overflow: 'visible', minWidth: 'max-content' };

function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
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
  // Invited: the invitation is not used yet (issue 28.19/29.1); nothing to switch until it is.
  const invited = teacher.status === 'invited';
  const who = teacher.name || teacher.email;
  return (
    <Table.Tr>
      <Table.Td>{index}</Table.Td>
      <Table.Td>
        {teacher.name || (
          <Text span c="dimmed">
            —<VisuallyHidden>geen naam bekend</VisuallyHidden>
          </Text>
        )}
        {isSelf && (
          <Badge ml="xs" color="gray.8" variant="outline">
            Jij
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <EmailText email={teacher.email} />
      </Table.Td>
      <Table.Td>
        <Badge color={active ? 'teal.9' : invited ? 'blue.9' : 'gray.7'} variant={invited ? 'outline' : 'filled'} style={WHOLE_BADGE}>
          {active ? 'Actief' : invited ? 'Uitgenodigd' : 'Inactief'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {!isSelf && !invited && (
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
          <Text
            size="sm"
            mt={4}
            c={FEEDBACK_COLORS[feedback.kind]}
            fw={600}
            role={feedback.kind === 'error' ? 'alert' : 'status'}
            style={FITS_CELL}
          >
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
    await invite.send(email, () => setEmail(''));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invite-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="invite-heading">
          Collega uitnodigen
        </Title>
        <Text>
          Nodig een collega uit voor de Docentenomgeving van jullie school. Je collega krijgt een e-mail met een link om een wachtwoord in
          te stellen.
        </Text>
        {invite.feedback && <StatusAlert tone={invite.feedback.kind}>{invite.feedback.message}</StatusAlert>}
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
