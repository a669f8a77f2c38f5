/** The few answer types every area shares; each area keeps its own beside its endpoints (<area>/types.ts). */
import type { FromSchema } from 'json-schema-to-ts';
import { messageAnswer } from './schemas';

export type Role = 'ADMIN' | 'TEACHER' | 'STUDENT';

export const roleSchema = { type: 'string', enum: ['ADMIN', 'TEACHER', 'STUDENT'] } as const;

export { messageAnswer };
export type Message = FromSchema<typeof messageAnswer>;
