/** Answer schemas and types of the print module (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, str } from '../schemas';

export const levelSchema = answerObject({ key: str, value: str });
export type Level = FromSchema<typeof levelSchema>;

export const downloadHashSchema = answerObject({ hash: str });

/** Said by the print page and by the server when every switch is off: a PDF of bare headings helps nobody (issue 28 item 20). */
export const NOTHING_TO_PRINT =
  'Zet minstens één schakelaar aan: Lesstof, Opdrachten of Antwoorden. Anders staat er niets in de printversie.';
