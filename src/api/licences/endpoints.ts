import { queued, read } from '../endpoint';
import { baseOf, email, fields } from '../schemas';
import type { ExtendInfo, Licence } from './types';

/** What the extend box edits; `base` holds it as the teacher saw it. */
const extendFields = { extendIntention: { type: 'boolean' }, extendContactEmail: email } as const;

/** Licences and the extension intention (part 2 §7 "Licences and extend info"). */
export const licences = {
  list: read<Licence[]>()('organisations/licenses'),
  extendInfo: read<ExtendInfo>()('organisations/extendInfo'),
  saveExtendInfo: queued<ExtendInfo>()('organisations/saveExtendInfo', {
    bodySchema: fields({ ...extendFields, base: baseOf(extendFields) }, ['extendIntention']),
  }),
} as const;
