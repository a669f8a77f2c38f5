/** Teachers, documents, printing and exams (part 2 §7); the handlers live in one module per area. */
import type { material as area } from '../../src/api/endpoints/material';
import { documentsHandlers } from './documents';
import { examsHandlers } from './exams';
import type { Handlers } from './handler';
import { printingHandlers } from './printing';
import { teachersHandlers } from './teachers';

export const materialHandlers: Handlers<typeof area> = {
  ...teachersHandlers,
  ...documentsHandlers,
  ...printingHandlers,
  ...examsHandlers,
};
