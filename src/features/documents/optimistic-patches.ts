/**
 * Optimistic changes of the documents' queueable writes (docs/offline.md "Optimistic changes"): a saved
 * description, a deleted document or a deleted file shows at once in the list and the form, also
 * offline, and comes back by itself when the server refuses. Registered when a documents page loads.
 */
import type { TeachingDocument } from '../../api/documents/types';
import { registerPatch } from '../../data/optimistic';

type Args = { args: { params?: Record<string, string | number>; body?: unknown } };

function onDocuments(readId: string, data: unknown, change: (doc: TeachingDocument) => TeachingDocument | null): unknown {
  if (readId === 'documents.list' && Array.isArray(data)) {
    return (data as TeachingDocument[]).map(change).filter((d): d is TeachingDocument => d !== null);
  }
  if (readId === 'documents.details' && data && typeof data === 'object') return change(data as TeachingDocument) ?? data;
  return data;
}

export const withTitle = (doc: TeachingDocument, id: number, title: string): TeachingDocument => (doc.id === id ? { ...doc, title: title.trim() } : doc);
export const withoutFile = (doc: TeachingDocument, fileId: string): TeachingDocument =>
  doc.files.some((f) => f.id === fileId) ? { ...doc, files: doc.files.filter((f) => f.id !== fileId) } : doc;

registerPatch('documents.save', (readId, data, entry: Args) => {
  const body = entry.args.body as { id: number; title: string };
  return body.id > 0 ? onDocuments(readId, data, (doc) => withTitle(doc, body.id, body.title)) : data;
});

registerPatch('documents.delete', (readId, data, entry: Args) => {
  const id = Number(entry.args.params?.id);
  // The form of a deleted document keeps showing it; only the list drops it.
  return readId === 'documents.list' ? onDocuments(readId, data, (doc) => (doc.id === id ? null : doc)) : data;
});

registerPatch('documents.deleteFile', (readId, data, entry: Args) => {
  const fileId = String(entry.args.params?.id);
  return onDocuments(readId, data, (doc) => withoutFile(doc, fileId));
});
