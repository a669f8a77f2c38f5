/** /documents (part 2 §2 "Documents index"): share files with colleagues and find what they shared. */
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconFile, IconPencil, IconTrash, IconWifiOff } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import type { TeachingDocument } from '../../api/documents/types';
import { searchRows } from '../../lib/search';
import type { SortColumns } from '../../lib/sorting';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table';
import { FileDropArea } from '../../ui/file-drop-area';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { useOnline } from '../../ui/use-online';
import { useSort } from '../../ui/use-sort';
import { UploadStatus } from './upload-status';
import { useDocuments } from './use-documents';

const columns: SortColumns<TeachingDocument> = {
  title: { mode: 'text', value: (d) => d.title },
  userEmail: { mode: 'text', value: (d) => d.userEmail },
};

const COLUMNS = [
  { key: 'title', label: 'Omschrijving', sortable: true },
  { key: 'userEmail', label: 'Docent', sortable: true },
  { key: 'actions', label: 'Acties' },
];

// Part 2 §2: search over the description and the file names.
const searchable = (d: TeachingDocument) => [d.title, d.files.map((f) => f.title)];

export const documentName = (d: TeachingDocument) =>
  d.title || d.files.map((f) => f.title).join(', ') || 'Lesmateriaal zonder omschrijving';

export function DocumentsPage() {
  usePageTitle('Lesmateriaal delen');
  const [, navigate] = useLocation();
  const online = useOnline();
  const data = useDocuments((id) => navigate(`/documents/form/${id}/1`));
  const [query, setQuery] = useState('');
  const visible = useMemo(() => (data.documents.data ?? []).filter((d) => !d.hidden), [data.documents.data]);
  const found = useMemo(() => searchRows(visible, query, searchable), [visible, query]);
  const { sorted, sort, onSort } = useSort(found, columns);

  const remove = async (doc: TeachingDocument) => {
    const ok = await confirmAction({
      message: `Weet je zeker dat je het lesmateriaal ‘${documentName(doc)}’ met alle bestanden wilt verwijderen?`,
    });
    if (ok) await data.removeDocument(doc);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Lesmateriaal delen</Title>
      <Text maw={760}>
        Deel werkbladen, presentaties en ander lesmateriaal met de collega's van je school. Geef daarna een omschrijving, zodat iedereen het
        kan vinden.
      </Text>

      <FileDropArea
        label="Klik hier of sleep bestanden om te delen"
        hint={online ? 'Pdf, Word, Excel, PowerPoint, tekst, afbeeldingen, mp3 en mp4' : 'Uploaden kan alleen met een internetverbinding.'}
        disabled={data.uploads.busy}
        onFiles={(files) => void data.upload(files)}
      />
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden="true" />} role="status">
          Je bent offline. Bestanden uploaden kan pas weer als er verbinding is; het lesmateriaal hieronder kun je wel bekijken.
        </Alert>
      )}
      <UploadStatus progress={data.uploads.progress} failures={data.uploads.failures} />
      {data.createdId !== null && !data.uploads.busy && data.uploads.failures.length > 0 && (
        <Text>
          De andere bestanden staan klaar:{' '}
          <Anchor component={Link} href={`/documents/form/${data.createdId}/1`}>
            geef ze een omschrijving
          </Anchor>
          .
        </Text>
      )}

      <StaleNotice stale={data.documents.stale} updatedAt={data.documents.updatedAt} />
      <SearchField
        label="Zoeken in lesmateriaal"
        placeholder="Zoek op omschrijving of bestandsnaam..."
        value={query}
        onChange={setQuery}
        maw={480}
      />

      <ListState
        loading={data.documents.loading && !data.documents.data}
        loadingLabel="Lesmateriaal laden"
        empty={visible.length === 0 && 'Er is nog geen lesmateriaal gedeeld. Sleep hierboven een bestand om te beginnen.'}
        noMatch={sorted.length === 0 && `Geen lesmateriaal gevonden voor ‘${query.trim()}’.`}
      >
        <DataTable label="Gedeeld lesmateriaal" columns={COLUMNS} sorting={{ sort, onSort }} verticalSpacing="sm">
          {sorted.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} onDelete={() => void remove(doc)} />
          ))}
        </DataTable>
      </ListState>
    </Stack>
  );
}

function DocumentRow({ doc, onDelete }: { doc: TeachingDocument; onDelete: () => void }) {
  const name = documentName(doc);
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={4}>
          {doc.canEdit ? (
            <Anchor component={Link} href={`/documents/form/${doc.id}`} fw={700} style={{ display: 'inline-block', paddingBlock: 10 }}>
              {doc.title || 'Omschrijving toevoegen'}
            </Anchor>
          ) : (
            <Text fw={700}>{doc.title || 'Zonder omschrijving'}</Text>
          )}
          <FileLinks doc={doc} />
        </Stack>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{doc.userEmail}</Table.Td>
      <Table.Td>
        {doc.canEdit && (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon component={Link} href={`/documents/form/${doc.id}`} variant="subtle" aria-label={`Wijzig ${name}`}>
              <IconPencil size={22} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red.9" aria-label={`Verwijder ${name}`} onClick={onDelete}>
              <IconTrash size={22} aria-hidden="true" />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function FileLinks({ doc }: { doc: TeachingDocument }) {
  if (doc.files.length === 0) return null;
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Bestanden van ${documentName(doc)}`}>
      {doc.files.map((f) => (
        <li key={f.id}>
          <Anchor
            href={f.url}
            target="_blank"
            rel="noopener noreferrer"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
          >
            <IconFile size={18} aria-hidden="true" />
            {f.title}
            <VisuallyHidden> (opent in een nieuw tabblad)</VisuallyHidden>
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
