/**
 * 'Privacy' on the student profile (issue 31.2, ADMIN): when she is deleted, 'Gegevens downloaden'
 * (everything as a ZIP, for an access request), 'Leerling definitief verwijderen' with what goes
 * counted, and 'Wie heeft dit ingezien'. Online-only; offline it says so in Dutch.
 */
import '../../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import type { AccessLogEntry, ErasureCounts, UserDetails } from '../../api/students/types';
import { formatDateTime, formatDay } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table';
import { Table } from '../../ui/table';
import { useStudentPrivacy } from './use-student-privacy';

const ACTIONS: Record<AccessLogEntry['action'], string> = { VIEW: 'bekeken', CHANGE: 'gewijzigd', EXPORT: 'gedownload' };
const SUBJECTS: Record<AccessLogEntry['subject'], string> = {
  PROFILE: 'Profiel',
  PORTFOLIO: 'Portfolio',
  RESULTS: 'Toetsresultaten',
  DATA: 'Alle gegevens',
};

const plural = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;

/** What the deletion removes, in words: '3 portfolio-opdrachten, 1 bestand, …'. */
function countsText(c: ErasureCounts): string {
  return [
    plural(c.classes, 'klas-koppeling', 'klas-koppelingen'),
    plural(c.portfolioItems, 'portfolio-opdracht', 'portfolio-opdrachten'),
    plural(c.feedback, 'feedbackbericht', 'feedbackberichten'),
    plural(c.quizResults, 'toetsresultaat', 'toetsresultaten'),
    plural(c.checkRequests, 'nakijkverzoek', 'nakijkverzoeken'),
    plural(c.activities, 'activiteit', 'activiteiten'),
    plural(c.files, 'bestand', 'bestanden'),
  ].join(', ');
}

/** 'Wordt verwijderd op 10 jan 2027', or nothing while she takes part. */
export function RetentionNotice({ deleteOn }: { deleteOn: string | null | undefined }) {
  if (!deleteOn) return null;
  return (
    <Text fw={600} c="red.9">
      Wordt verwijderd op {formatDay(deleteOn)}
    </Text>
  );
}

export function PrivacyTab({ user }: { user: UserDetails }) {
  const privacy = useStudentPrivacy(user.id);
  const [, navigate] = useLocation();
  const [message, setMessage] = useState<{ color: 'red' | 'green'; text: string } | null>(null);
  const who = user.name || user.email;
  const data = privacy.data;

  const download = async () => {
    setMessage(null);
    const failed = await privacy.download();
    setMessage(failed ? { color: 'red', text: failed } : { color: 'green', text: 'De gegevens zijn gedownload.' });
  };

  const erase = async () => {
    setMessage(null);
    if (!data) return;
    const ok = await confirmAction({
      title: 'Leerling definitief verwijderen',
      message: `Dit verwijdert ${who} definitief, met alles wat over deze leerling is opgeslagen: ${countsText(data.counts)}, en de regels in logboeken die de leerling noemen. Dit kan niet ongedaan worden gemaakt.`,
      confirmLabel: 'Definitief verwijderen',
    });
    if (!ok) return;
    const failed = await privacy.eraseStudent(`Leerling ${who} definitief verwijderen`);
    if (failed) setMessage({ color: 'red', text: failed });
    else navigate('/classrooms', { replace: true });
  };

  return (
    <Stack gap="lg" maw={760}>
      {message && (
        <Alert color={message.color} variant="light" role={message.color === 'red' ? 'alert' : 'status'}>
          <Text c="dark.9">{message.text}</Text>
        </Alert>
      )}
      {privacy.error && (
        <Alert color="red" variant="light" role="alert">
          <Text c="dark.9">{privacy.error}</Text>
        </Alert>
      )}
      <Stack gap="xs" component="section" aria-labelledby="retention-title">
        <Title order={2} id="retention-title">
          Bewaartermijn
        </Title>
        {data && (
          <Text size="sm">
            Een leerling die niet meer actief is of van school is, wordt {data.retentionMonths} maanden na de laatste activiteit automatisch
            verwijderd, met alle gegevens.
            {data.deleteOn
              ? ` Voor deze leerling is dat op ${formatDay(data.deleteOn)}.`
              : ' Deze leerling is actief: er staat nog geen datum vast.'}
          </Text>
        )}
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={privacy.exporting}
          onClick={() => void download()}
        >
          Gegevens downloaden
        </Button>
        <Button
          color="red.9"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          loading={privacy.erasing}
          disabled={!data}
          onClick={() => void erase()}
        >
          Leerling definitief verwijderen
        </Button>
      </Group>
      <Stack gap="xs" component="section" aria-labelledby="access-log-title">
        <Title order={2} id="access-log-title">
          Wie heeft dit ingezien
        </Title>
        {privacy.loading && !data ? (
          <Loader size="sm" role="status" aria-label="Logboek laden" />
        ) : data && data.accessLog.length === 0 ? (
          <Text>Nog niemand heeft deze gegevens ingezien.</Text>
        ) : data ? (
          <>
            <DataTable label="Wie heeft dit ingezien" columns={['Datum', 'Wie', 'Wat']} verticalSpacing="sm">
              {data.accessLog.map((l, i) => (
                <Table.Tr key={`${l.at}-${i}`}>
                  <Table.Td>{formatDateTime(l.at)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.who}</Table.Td>
                  <Table.Td>
                    {SUBJECTS[l.subject]} {ACTIONS[l.action]}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <Text size="sm">Het logboek bewaart elke regel {data.accessLogDays} dagen.</Text>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
