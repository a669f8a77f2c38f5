/** Answer schemas and types of the documents screens (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, int, str } from '../schemas';

const documentFileSchema = answerObject({ id: str, title: str, url: str });
export type DocumentFile = FromSchema<typeof documentFileSchema>;

export const teachingDocumentSchema = answerObject({
  id: int,
  title: str,
  files: arrayOf(documentFileSchema),
  userEmail: str,
  canEdit: bool,
  hidden: bool,
});
export type TeachingDocument = FromSchema<typeof teachingDocumentSchema>;

export const savedSchema = answerObject({ id: int });
