/**
 * The documents form (part 2 §2 "Documents form", §4, §5): the document, adding files (online-only,
 * with progress), deleting a file and saving the description (queueable; a refusal that comes back at
 * once is shown in the form: 'Alle velden zijn verplicht om in te vullen.' plus the field's message).
 */
import { useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { DocumentFile, TeachingDocument } from '../../api/documents/types';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import type { WriteOutcome } from '../../data/writes';
import { useEditConflict } from '../../widgets/edit-conflict/use-edit-conflict';
import { documentPatches } from './optimistic-patches';
import { randomUploadToken, uploadFile } from './upload-request';
import { useUploadQueue } from './use-upload-queue';

const REQUIRED_MESSAGE = 'Alle velden zijn verplicht om in te vullen.';
export const SAVED_MESSAGE = 'Wijzigingen succesvol opgeslagen.';
export const ADDED_MESSAGE = 'Lesmateriaal is toegevoegd.';
export const QUEUED_MESSAGE = 'Je bent offline: de omschrijving wordt opgeslagen zodra er weer verbinding is.';
// The server's wording (server/areas/documents/handlers.ts), so the check before sending reads the same.
const TITLE_REQUIRED = 'Geef een omschrijving van de bestanden.';

export type FormStatus =
  | { kind: 'idle' }
  | { kind: 'added' }
  | { kind: 'saved' }
  | { kind: 'queued' }
  | { kind: 'error'; message: string; errors: Record<string, string> };

/** A typed description the new document's form takes over, when saving it with the upload failed. */
let carriedTitle: { id: number; title: string } | null = null;

function takeCarriedTitle(id: number): string | null {
  if (!carriedTitle || carriedTitle.id !== id) return null;
  const { title } = carriedTitle;
  carriedTitle = null;
  return title;
}

export function useDocumentForm(id: number, isNewUpload: boolean, navigateTo: (id: number, added: boolean) => void) {
  const details = useRead(api.documents.details, { params: { id } }, { enabled: id > 0, patches: documentPatches });
  const save = useWrite(api.documents.save);
  const removeFile = useWrite(api.documents.deleteFile);
  const uploads = useUploadQueue();
  const [token] = useState(randomUploadToken);
  const [title, setTitle] = useState<string | null>(() => takeCarriedTitle(id));
  const [status, setStatus] = useState<FormStatus>(isNewUpload ? { kind: 'added' } : { kind: 'idle' });

  // The field shows what the teacher typed, else the stored description.
  const shownTitle = title ?? details.data?.title ?? '';
  // The description as the teacher saw it when she began typing, sent as `base` (issue 36): the
  // server takes hers unless a colleague changed it meanwhile, and then shows both.
  const [base, setBase] = useState<string | null>(null);
  const conflict = useEditConflict(api.documents.save, id);

  const addFiles = async (files: File[]) => {
    // A banner about an earlier upload or save must not stand above this upload's error (issue 28 item 24).
    if (status.kind !== 'error') setStatus({ kind: 'idle' });
    if (id > 0) {
      const sent = await uploads.run(files, async (file, onProgress) => {
        await uploadFile(api.documents.addFile, { params: { id } }, file, {}, onProgress);
      });
      if (sent > 0) await details.reload();
      return;
    }
    // No document yet: the first file makes one, and the form moves to it.
    let created: number | null = null;
    await uploads.run(files, async (file, onProgress) => {
      created = (await uploadFile(api.documents.add, {}, file, { token }, onProgress)).id;
    });
    if (created !== null) {
      const typed = (title ?? '').trim();
      if (typed) await keepTypedTitle(created, typed);
      navigateTo(created, true);
    }
  };

  // A description typed before the first upload belongs to the document that upload made (issue 28
  // item 18): saved with it, or, when that save fails, still in the field of the document's form.
  const keepTypedTitle = async (created: number, typed: string) => {
    try {
      await save.send({ body: { id: created, title: typed } }, `Omschrijving van lesmateriaal`, { refusalToCaller: true });
    } catch {
      carriedTitle = { id: created, title: typed };
    }
  };

  const deleteFile = async (file: DocumentFile) => {
    try {
      const outcome = await removeFile.send({ params: { id: file.id } }, `Bestand '${file.title}' verwijderen`);
      if (!outcome.queued) await details.reload();
    } catch {
      // Part 2 §8: no message; the list shows the server's state again.
      await details.reload();
    }
  };

  const submit = async () => {
    if (!shownTitle.trim()) {
      setStatus({ kind: 'error', message: REQUIRED_MESSAGE, errors: { title: TITLE_REQUIRED } });
      return;
    }
    uploads.clearFailures();
    const body = { id, title: shownTitle, ...(id > 0 ? { base: { title: base ?? details.data?.title ?? '' } } : {}) };
    const label = 'Omschrijving van lesmateriaal';
    try {
      await done(await save.send({ body }, label, { refusalToCaller: true }));
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      if (conflict.caught(err, { body }, label)) return;
      setStatus({ kind: 'error', message: err.isNetwork ? err.message : REQUIRED_MESSAGE, errors: err.errors });
    }
  };

  const done = async (outcome: WriteOutcome<TeachingDocument>) => {
    if (outcome.queued) {
      setBase(shownTitle);
      setStatus({ kind: 'queued' });
      return;
    }
    setStatus({ kind: 'saved' });
    setTitle(null);
    setBase(null);
    if (id === 0) navigateTo(outcome.answer.id, false);
    else await details.reload();
  };
  const keepMine = async () => {
    const outcome = (await conflict.keepMine()) as WriteOutcome<TeachingDocument> | null;
    if (outcome) await done(outcome);
  };
  const keepTheirs = async () => {
    await conflict.keepTheirs();
    setTitle(null);
    setBase(null);
    setStatus({ kind: 'idle' });
    await details.reload();
  };

  return {
    document: details.data,
    conflict: conflict.conflict,
    keepMine,
    keepTheirs,
    loading: id > 0 && details.loading && !details.data,
    loadError: details.error,
    stale: details.stale,
    updatedAt: details.updatedAt,
    title: shownTitle,
    setTitle: (value: string) => {
      if (title === null && details.data) setBase(details.data.title);
      setTitle(value);
      if (status.kind === 'error') setStatus({ kind: 'idle' });
    },
    status,
    submit,
    busy: save.busy,
    addFiles,
    deleteFile,
    uploads,
  };
}
