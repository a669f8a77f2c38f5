/** /documents/form/{id}[/{new}] (part 2 §2 "Documents form"): describe shared files, add or remove files. */
import type { FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconFile, IconTrash } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import type { DocumentFile } from '../../api/documents/types';
import { confirmAction } from '../../ui/confirm';
import { FileDropArea } from '../../ui/file-drop-area';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { StatusAlert } from '../../ui/status-alert';
import { useOnline } from '../../ui/use-online';
import { EditConflictView } from '../../ui/edit-conflict-view';
import { ADDED_MESSAGE, QUEUED_MESSAGE, SAVED_MESSAGE, useDocumentForm } from './use-document-form';
import { UploadStatus } from './upload-status';

/** No id (or 0) is new material (part 2 §2); {new} is 1 right after an upload. */
export function DocumentFormPage({ params }: { params: { id?: string; new?: string } }) {
  const parsed = Number.parseInt(params.id ?? '0', 10);
  const id = Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  const isNew = id === 0;
  const heading = isNew ? 'Lesmateriaal toevoegen' : 'Lesmateriaal wijzigen';
  usePageTitle(heading);
  const [, navigate] = useLocation();
  const online = useOnline();
  const form = useDocumentForm(id, params.new === '1', (to, added) =>
    navigate(added ? `/documents/form/${to}/1` : `/documents/form/${to}`, { replace: true }),
  );
  const errors = form.status.kind === 'error' ? form.status.errors : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit();
  };

  const deleteFile = async (file: DocumentFile) => {
    if (await confirmAction({ message: `Weet je zeker dat je het bestand ‘${file.title}’ wilt verwijderen?` })) await form.deleteFile(file);
  };

  return (
    <Stack gap="lg" maw={820}>
      <Group>
        <Button component={Link} href="/documents" variant="subtle" leftSection={<IconArrowLeft size={20} aria-hidden="true" />}>
          Terug naar lesmateriaal
        </Button>
      </Group>
      <Title order={1}>{heading}</Title>
      <StaleNotice stale={form.stale} updatedAt={form.updatedAt} />

      {form.status.kind === 'added' && (
        <StatusAlert tone="success">
          {ADDED_MESSAGE}
          {form.document?.title ? '' : " Geef hieronder een omschrijving, zodat je collega's weten wat het is."}
        </StatusAlert>
      )}
      {form.conflict && <EditConflictView conflict={form.conflict} onKeepMine={form.keepMine} onKeepTheirs={form.keepTheirs} />}
      {form.status.kind === 'saved' && <StatusAlert tone="success">{SAVED_MESSAGE}</StatusAlert>}
      {form.status.kind === 'queued' && <StatusAlert tone="info">{QUEUED_MESSAGE}</StatusAlert>}
      {form.status.kind === 'error' && <StatusAlert tone="error">{form.status.message}</StatusAlert>}

      {form.loading ? (
        <Center py="xl">
          <Loader role="status" aria-label="Lesmateriaal laden" />
        </Center>
      ) : form.loadError && !form.document ? (
        <Alert color="red" variant="light" role="alert">
          {form.loadError.message}
        </Alert>
      ) : form.document && !form.document.canEdit ? (
        <Alert color="blue" variant="light" role="status">
          Dit lesmateriaal is gedeeld door {form.document.userEmail}. Alleen die collega kan het wijzigen.
        </Alert>
      ) : (
        <>
          <FileDropArea
            label="Klik hier of sleep bestanden om toe te voegen"
            hint={online ? 'De bestanden worden één voor één geüpload.' : 'Uploaden kan alleen met een internetverbinding.'}
            disabled={form.uploads.busy}
            onFiles={(files) => void form.addFiles(files)}
          />
          <UploadStatus progress={form.uploads.progress} failures={form.uploads.failures} />

          <form onSubmit={submit} noValidate aria-label={heading}>
            <Stack gap="md">
              <Textarea
                label="Omschrijving"
                placeholder="Geef een omschrijving van de bijgevoegde bestanden."
                resize="vertical"
                rows={4}
                maxLength={2000}
                required
                value={form.title}
                onChange={(e) => form.setTitle(e.currentTarget.value)}
                error={errors.title}
              />
              <Group>
                <Button type="submit" loading={form.busy}>
                  {isNew ? 'Toevoegen' : 'Wijzigen'}
                </Button>
              </Group>
            </Stack>
          </form>

          {form.document && <FileList files={form.document.files} onDelete={(f) => void deleteFile(f)} />}
        </>
      )}
    </Stack>
  );
}

function FileList({ files, onDelete }: { files: DocumentFile[]; onDelete: (file: DocumentFile) => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="files-heading">
      <Title order={2} size="h3" id="files-heading">
        Bestanden
      </Title>
      {files.length === 0 ? (
        <Text>Er zijn nog geen bestanden toegevoegd.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.map((f) => (
            <Paper key={f.id} component="li" withBorder px="sm" py={4}>
              <Group justify="space-between" wrap="nowrap">
                <Anchor
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, wordBreak: 'break-all' }}
                >
                  <IconFile size={18} aria-hidden="true" />
                  {f.title}
                  <VisuallyHidden> (opent in een nieuw tabblad)</VisuallyHidden>
                </Anchor>
                <ActionIcon variant="subtle" color="red.9" aria-label={`Verwijder bestand ${f.title}`} onClick={() => onDelete(f)}>
                  <IconTrash size={22} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
