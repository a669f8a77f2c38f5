/** Answer schemas and types of the teachers screen (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, int, str } from '../schemas';

export const teacherSchema = answerObject({
  id: int,
  name: str,
  email: str,
  /** invited: the invitation is not used yet (29.1); the name stays empty until then. */
  status: { type: 'string', enum: ['active', 'inactive', 'invited'] },
});
export type Teacher = FromSchema<typeof teacherSchema>;
