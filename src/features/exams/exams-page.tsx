/** /examinations (part 2 §2 "Exams"): the method's exams with their answer models. */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconMail, IconSearch } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import type { Exam } from '../../api/exams/types';
import { session } from '../../data/session';
import { formatDate } from '../../lib/dates';
import { searchRows } from '../../lib/search';
import type { SortColumns } from '../../lib/sorting';
import { usePageTitle } from '../../ui/page-title';
import { SortableHeader } from '../../ui/sortable-header';
import { StaleNotice } from '../../ui/stale-notice';
import { useSort } from '../../ui/use-sort';
import { useExams } from './use-exams';

const columns: SortColumns<Exam> = {
  title: { mode: 'text', value: (e) => e.title },
  sectionName: { mode: 'text', value: (e) => e.sectionName },
};

const searchable = (e: Exam) => [e.title, e.variant, e.sectionName];

export function ExamsPage() {
  usePageTitle('Toetsen');
  const { config } = useSnapshot(session);
  const data = useExams();
  const [query, setQuery] = useState('');
  // Rows the server marks hidden are never listed (part 2 §2); without a sort, the server's order stays.
  const visible = useMemo(() => (data.exams.data ?? []).filter((e) => !e.hidden), [data.exams.data]);
  const found = useMemo(() => searchRows(visible, query, searchable), [visible, query]);
  const { sorted, sort, onSort } = useSort(found, columns);
  const mail = `mailto:${config.contact_email}?subject=${encodeURIComponent('Fout in een toets')}`;

  return (
    <Stack gap="lg">
      <Title order={1}>Toetsen</Title>
      <Text maw={760}>
        Download de toetsen van de methode en de antwoordmodellen. Fout gevonden in een toets of antwoordmodel?{' '}
        <Anchor href={mail} inline>
          <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> Meld het ons via {config.contact_email}
        </Anchor>
        .
      </Text>
      <StaleNotice stale={data.exams.stale} updatedAt={data.exams.updatedAt} />
      {data.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {data.error}
        </Alert>
      )}
      <TextInput
        label="Zoeken in toetsen"
        placeholder="Zoek op toets of vak..."
        type="search"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />

      {data.exams.loading && !data.exams.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Toetsen laden" />
        </Center>
      ) : visible.length === 0 ? (
        <Text>Er zijn nog geen toetsen beschikbaar.</Text>
      ) : sorted.length === 0 ? (
        <Text role="status">Geen toetsen gevonden voor ‘{query.trim()}’.</Text>
      ) : (
        <div className="fit-table">
          <Table verticalSpacing="xs" striped aria-label="Toetsen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th data-priority="low">#</Table.Th>
                <SortableHeader column="title" label="Toets" sort={sort} onSort={onSort} />
                <Table.Th>Variant</Table.Th>
                <SortableHeader column="sectionName" label="Vak" sort={sort} onSort={onSort} />
                <Table.Th data-priority="low">Gepubliceerd op</Table.Th>
                <Table.Th>Laatste aanpassing</Table.Th>
                <Table.Th>Downloads</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((exam, i) => {
                const name = `${exam.title} (${exam.variant})`;
                return (
                  <Table.Tr key={exam.id}>
                    <Table.Td data-priority="low">{i + 1}</Table.Td>
                    <Table.Td>{exam.title}</Table.Td>
                    <Table.Td>{exam.variant}</Table.Td>
                    <Table.Td>{exam.sectionName}</Table.Td>
                    <Table.Td data-priority="low">{formatDate(exam.createdAtText)}</Table.Td>
                    <Table.Td>{formatDate(exam.updatedAtText)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Button
                          size="sm"
                          mih={44}
                          leftSection={<IconDownload size={18} aria-hidden="true" />}
                          loading={data.pending === exam.contentFileId}
                          onClick={() => void data.download(exam.contentFileId)}
                        >
                          Toets downloaden<VisuallyHidden>: {name}</VisuallyHidden>
                        </Button>
                        <Anchor component="button" type="button" onClick={() => void data.download(exam.answerFileId)} style={{ minHeight: 44, minWidth: 44 }} disabled={data.pending === exam.answerFileId}>
                          Antwoordmodel<VisuallyHidden>: {name}</VisuallyHidden>
                        </Anchor>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
