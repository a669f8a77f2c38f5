import { queued, read } from '../endpoint';
import { arrayOf, baseOf, email, fields } from '../schemas';
import { extendInfoSchema, licenceSchema } from './types';

/** What the extend box edits; `base` holds it as the teacher saw it. */
const extendFields = { extendIntention: { type: 'boolean' }, extendContactEmail: email } as const;

/** Licences and the extension intention (part 2 §7 "Licences and extend info"). */
export const licences = {
  list: read(arrayOf(licenceSchema))('organisations/licenses'),
  extendInfo: read(extendInfoSchema)('organisations/extendInfo'),
  saveExtendInfo: queued(extendInfoSchema)('organisations/saveExtendInfo', {
    bodySchema: fields({ ...extendFields, base: baseOf(extendFields) }, ['extendIntention']),
  }),
} as const;
