/** Answer schemas and types of the exams screen (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, bool, int, str } from '../schemas';

export const examSchema = answerObject({
  id: int,
  title: str,
  variant: { type: 'string', enum: ['B-KGT', 'BASIS', 'KGT'] },
  sectionName: str,
  contentFileId: str,
  answerFileId: str,
  createdAtText: str,
  updatedAtText: str,
  hidden: bool,
});
export type Exam = FromSchema<typeof examSchema>;

export const examRequestSchema = answerObject({ downloadUrl: str });
