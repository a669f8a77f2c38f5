/**
 * The shared teaching material of /documents (part 2 §2, §7): the list, uploading new files (one
 * document per page visit, by a random token) and deleting a document (queueable).
 */
import { useState } from 'react';
import { api } from '../../api/catalogue';
import type { TeachingDocument } from '../../api/documents/types';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { documentPatches } from './optimistic-patches';
import { randomUploadToken, uploadFile } from './upload-request';
import { useUploadQueue } from './use-upload-queue';

export function useDocuments(onCreated: (id: number) => void) {
  const documents = useRead(api.documents.list, {}, { patches: documentPatches });
  const remove = useWrite(api.documents.delete);
  const uploads = useUploadQueue();
  // Part 2 §9: one random token per page visit, so every file of this visit joins one document.
  const [token] = useState(randomUploadToken);
  const [createdId, setCreatedId] = useState<number | null>(null);

  const upload = async (files: File[]) => {
    let id = createdId;
    const sent = await uploads.run(files, async (file, onProgress) => {
      const answer = await uploadFile(api.documents.add, {}, file, { token }, onProgress);
      id = answer.id;
    });
    if (id !== null) setCreatedId(id);
    // Every file arrived: straight on to describe them. Otherwise stay to show what was refused.
    if (sent === files.length && id !== null) onCreated(id);
    else if (sent > 0) await documents.reload();
  };

  const removeDocument = async (doc: TeachingDocument) => {
    try {
      const outcome = await remove.send(
        { params: { id: doc.id } },
        `Lesmateriaal '${doc.title || doc.files[0]?.title || doc.id}' verwijderen`,
      );
      if (!outcome.queued) await documents.reload();
    } catch {
      // Part 2 §8: a failed delete shows no message; the list shows the server's state again.
      await documents.reload();
    }
  };

  return { documents, upload, uploads, createdId, removeDocument };
}
