import { endpoint } from '../endpoint';
import type { ExtendInfo, Licence } from './types';

/** Licences and the extension intention (part 2 §7 "Licences and extend info"). */
export const licences = {
  list: endpoint<Licence[]>()({ method: 'GET', path: 'organisations/licenses', kind: 'read', offline: 'cache', access: 'portal' }),
  extendInfo: endpoint<ExtendInfo>()({ method: 'GET', path: 'organisations/extendInfo', kind: 'read', offline: 'cache', access: 'portal' }),
  saveExtendInfo: endpoint<ExtendInfo>()({
    method: 'POST',
    path: 'organisations/saveExtendInfo',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        extendIntention: { type: 'boolean' },
        extendContactEmail: { type: 'string', maxLength: 254 },
      },
      required: ['extendIntention'],
    },
  }),
} as const;
