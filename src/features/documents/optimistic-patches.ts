/**
 * Optimistic changes of the documents' queueable writes (docs/offline.md "Optimistic changes"): a saved
 * description, a deleted document or a deleted file shows at once in the list and the form, also
 * offline, and comes back by itself when the server refuses.
 */
import { api } from '../../api/catalogue';
import type { TeachingDocument } from '../../api/documents/types';
import { patch } from '../../data/optimistic';

const withTitle = (doc: TeachingDocument, id: number, title: string): TeachingDocument =>
  doc.id === id ? { ...doc, title: title.trim() } : doc;
const withoutFile = (doc: TeachingDocument, fileId: string): TeachingDocument =>
  doc.files.some((f) => f.id === fileId) ? { ...doc, files: doc.files.filter((f) => f.id !== fileId) } : doc;

const {
  list: documents,
  details: documentDetails,
  save: saveDocument,
  delete: deleteDocument,
  deleteFile: deleteDocumentFile,
} = api.documents;
const retitle = (doc: TeachingDocument, body: { id: number; title: string }) => (body.id > 0 ? withTitle(doc, body.id, body.title) : doc);

export const documentPatches = [
  patch(saveDocument, documents, (docs, entry) => docs.map((doc) => retitle(doc, entry.args.body))),
  patch(saveDocument, documentDetails, (doc, entry) => retitle(doc, entry.args.body)),
  // The form of a deleted document keeps showing it; only the list drops it.
  patch(deleteDocument, documents, (docs, entry) => docs.filter((doc) => doc.id !== Number(entry.args.params.id))),
  patch(deleteDocumentFile, documents, (docs, entry) => docs.map((doc) => withoutFile(doc, String(entry.args.params.id)))),
  patch(deleteDocumentFile, documentDetails, (doc, entry) => withoutFile(doc, String(entry.args.params.id))),
];
