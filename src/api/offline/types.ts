/**
 * The offline copy's answer ('Offline beschikbaar maken'): every read a teacher's screens need for a
 * day without Wi-Fi, in one answer. Each entry names the call a screen makes (endpoint id and
 * arguments), so the client stores it under that screen's own cache key, with the ETag the call's own
 * route would give. Line by line: the header line, one entry per line, then the closing line, so the
 * client writes entries while the rest still arrives (and the whole is still one JSON document).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { arrayOf, int, str } from '../schemas';

const copyEntrySchema = {
  type: 'object',
  properties: {
    /** The catalogue id of the read ("students.details"). */
    endpoint: str,
    params: { type: 'object', additionalProperties: { type: ['integer', 'string'] } },
    query: { type: 'object', additionalProperties: { type: ['integer', 'string', 'boolean'] } },
    body: { type: 'object' },
    /** The ETag the read's own route answers with (a hash of its JSON). */
    etag: str,
    /** The read's answer, through that read's own answer schema. */
    data: {},
  },
  required: ['endpoint', 'etag', 'data'],
  additionalProperties: false,
} as const;

export const offlineCopySchema = {
  type: 'object',
  properties: {
    /** The copy's version, also its ETag: a hash of every entry's key and ETag and of the file list. */
    version: str,
    /** The stored files the copy's answers link to (portfolio images, document files, exams): `offline/files`. */
    files: arrayOf(str),
    /** How many entries follow, for the progress bar. */
    total: int,
    entries: arrayOf(copyEntrySchema),
  },
  required: ['version', 'files', 'total', 'entries'],
  additionalProperties: false,
} as const;

export type OfflineCopy = FromSchema<typeof offlineCopySchema>;
export type OfflineCopyEntry = OfflineCopy['entries'][number];

/** Most file ids one `offline/files` request takes: a few photos' worth, so a cut-off download loses little. */
export const FILES_PER_REQUEST = 16;
