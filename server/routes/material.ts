/** Teachers, documents, printing and exams (part 2 §7). */
import type { material as area } from '../../src/api/endpoints/material';
import type { Handlers } from './handler';

export const materialHandlers: Handlers<typeof area> = {};
