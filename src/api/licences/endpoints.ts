import { queued, read } from '../endpoint';
import { email, fields } from '../schemas';
import type { ExtendInfo, Licence } from './types';

/** Licences and the extension intention (part 2 §7 "Licences and extend info"). */
export const licences = {
  list: read<Licence[]>()('organisations/licenses'),
  extendInfo: read<ExtendInfo>()('organisations/extendInfo'),
  saveExtendInfo: queued<ExtendInfo>()('organisations/saveExtendInfo', {
    bodySchema: fields(
      {
        extendIntention: { type: 'boolean' },
        extendContactEmail: email,
      },
      ['extendIntention'],
    ),
  }),
} as const;
