/** /students/form/{id} (part 2 §2 'Student form'): profile, password, test results, portfolio and privacy (issue 31.2). */
import '../../ui/mantine-styles-more';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconArrowLeft } from '@tabler/icons-react';
import { api } from '../../api/catalogue';
import type { QuizResult } from '../../api/students/types';
import { useRead } from '../../data/use-read';
import { session } from '../../data/session';
import { formatDateTime } from '../../lib/dates';
import { DateTimeText } from '../../ui/date-time-text';
import { DataTable } from '../../ui/data-table';
import { usePageTitle } from '../../ui/page-title';
import { FeedbackModal } from '../../widgets/portfolio-feedback/feedback-modal';
import { StaleNotice } from '../../ui/stale-notice';
import { PasswordTab } from './password-tab';
import { PortfolioTab } from './portfolio-tab';
import { PrivacyTab, RetentionNotice } from './privacy-tab';
import { ProfileTab } from './profile-tab';
import { useFeedback } from '../../widgets/portfolio-feedback/use-feedback';
import { profilePatches } from './user-patches';

export function StudentFormPage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const details = useRead(api.students.details, { params: { id } }, { enabled: id > 0, patches: profilePatches });
  const results = useRead(api.students.quizResults, { params: { userId: id } }, { enabled: id > 0 });
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const feedback = useFeedback(open?.id ?? null);
  const user = details.data;
  const title = user ? `Profiel ${user.email} wijzigen` : 'Profiel wijzigen';
  usePageTitle(title);
  const hasResults = (results.data?.length ?? 0) > 0;
  // Part 1 §2: without portfolio_enabled there are no portfolios to show, here either.
  const portfolios = useSnapshot(session).config.portfolio_enabled;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} onClick={() => history.back()}>
          Terug
        </Button>
      </Group>
      {user?.role === 'STUDENT' && <RetentionNotice deleteOn={user.deleteOn} />}
      <StaleNotice stale={details.stale} updatedAt={details.updatedAt} />
      {!user ? (
        details.loading ? (
          <Center py="xl">
            <Loader role="status" aria-label="Profiel laden" />
          </Center>
        ) : (
          <Alert color="red" variant="light" role="alert">
            <Text c="dark.9">{details.error?.message ?? 'Dit profiel is niet beschikbaar zonder verbinding.'}</Text>
          </Alert>
        )
      ) : (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile" style={{ minHeight: 44 }}>
              Persoonlijke gegevens
            </Tabs.Tab>
            <Tabs.Tab value="password" style={{ minHeight: 44 }}>
              Wachtwoord wijzigen
            </Tabs.Tab>
            {hasResults && (
              <Tabs.Tab value="results" style={{ minHeight: 44 }}>
                Toetsresultaten
              </Tabs.Tab>
            )}
            {portfolios && (
              <Tabs.Tab value="portfolio" style={{ minHeight: 44 }}>
                Portfolio
              </Tabs.Tab>
            )}
            {user.role === 'STUDENT' && (
              <Tabs.Tab value="privacy" style={{ minHeight: 44 }}>
                Privacy
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            {/* Filled once per student: the optimistic patch of a save in flight must not reset the form and its messages. */}
            <ProfileTab key={user.id} user={user} onSaved={() => void details.reload()} />
          </Tabs.Panel>
          <Tabs.Panel value="password" pt="md">
            <PasswordTab user={user} />
          </Tabs.Panel>
          {hasResults && (
            <Tabs.Panel value="results" pt="md">
              <ResultsTable results={results.data ?? []} />
            </Tabs.Panel>
          )}
          {portfolios && (
            <Tabs.Panel value="portfolio" pt="md">
              <PortfolioTab userId={id} onOpen={setOpen} />
            </Tabs.Panel>
          )}
          {user.role === 'STUDENT' && (
            <Tabs.Panel value="privacy" pt="md">
              <PrivacyTab user={user} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
      <FeedbackModal opened={open !== null} name={open?.name ?? ''} onClose={() => setOpen(null)} {...feedback} />
    </Stack>
  );
}

/** Score as '70% (7/10)' (part 2 §2); a personality test has answers, not right ones (part 1 §3), so no score. */
export const scoreText = (r: QuizResult) =>
  r.type === 'personality' ? 'Ingevuld (geen score)' : `${r.percentage}% (${r.good}/${r.total})`;

function ResultsTable({ results }: { results: QuizResult[] }) {
  return (
    <DataTable columns={['Datum', 'Toets', 'Score']} verticalSpacing="sm">
      {results.map((r, i) => (
        <Table.Tr key={`${r.dateText}-${i}`}>
          <Table.Td>
            <DateTimeText text={formatDateTime(r.dateText)} />
          </Table.Td>
          <Table.Td>{r.title}</Table.Td>
          <Table.Td>{scoreText(r)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
