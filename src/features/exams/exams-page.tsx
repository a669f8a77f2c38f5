/** /examinations (part 2 §2 "Exams"): the method's exams with their answer models. */
import { useMemo, useState } from 'react';
import { Anchor, Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import type { Exam } from '../../api/exams/types';
import { session } from '../../data/session';
import { formatDate } from '../../lib/dates';
import { searchRows } from '../../lib/search';
import type { SortColumns } from '../../lib/sorting';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { StatusAlert } from '../../ui/status-alert';
import { useSort } from '../../ui/use-sort';
import { useExams } from './use-exams';

const columns: SortColumns<Exam> = {
  title: { mode: 'text', value: (e) => e.title },
  sectionName: { mode: 'text', value: (e) => e.sectionName },
};

const COLUMNS = [
  { key: 'index', label: '#', foldUnder: 'title' },
  { key: 'title', label: 'Toets', sortable: true },
  { key: 'variant', label: 'Variant' },
  { key: 'sectionName', label: 'Vak', sortable: true },
  { key: 'createdAt', label: 'Gepubliceerd op', foldUnder: 'updatedAt' },
  { key: 'updatedAt', label: 'Laatste aanpassing' },
  { key: 'downloads', label: 'Downloads' },
] as const;

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
        {/* A target of its own (44 px high), not a 19 px line of text (issue 28 item 26). */}
        <Anchor href={mail} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, verticalAlign: 'middle' }}>
          <IconMail size={18} aria-hidden="true" /> Meld het ons via {config.contact_email}
        </Anchor>
      </Text>
      <StaleNotice stale={data.exams.stale} updatedAt={data.exams.updatedAt} />
      {data.error && <StatusAlert tone="error">{data.error}</StatusAlert>}
      <SearchField label="Zoeken in toetsen" placeholder="Zoek op toets of vak..." value={query} onChange={setQuery} maw={420} />

      <ListState
        loading={data.exams.loading && !data.exams.data}
        loadingLabel="Toetsen laden"
        empty={visible.length === 0 && 'Er zijn nog geen toetsen beschikbaar.'}
        noMatch={sorted.length === 0 && `Geen toetsen gevonden voor ‘${query.trim()}’.`}
      >
        <DataTable label="Toetsen" columns={COLUMNS} sorting={{ sort, onSort }} verticalSpacing="xs">
          {sorted.map((exam, i) => {
            const name = `${exam.title} (${exam.variant})`;
            return (
              <Table.Tr key={exam.id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{exam.title}</Table.Td>
                <Table.Td>{exam.variant}</Table.Td>
                <Table.Td>{exam.sectionName}</Table.Td>
                <Table.Td>{formatDate(exam.createdAtText)}</Table.Td>
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
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => void data.download(exam.answerFileId)}
                      style={{ minHeight: 44, minWidth: 44 }}
                      disabled={data.pending === exam.answerFileId}
                    >
                      Antwoordmodel<VisuallyHidden>: {name}</VisuallyHidden>
                    </Anchor>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </ListState>
    </Stack>
  );
}
