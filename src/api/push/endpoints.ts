import { onlineOnly, read } from '../endpoint';
import { fields } from '../schemas';
import type { Message } from '../shared-types';

const endpointUrl = { type: 'string', minLength: 8, maxLength: 2000 } as const;

/**
 * Web Push (VAPID): the teacher's device subscribes, and the server pushes new check requests of the
 * teacher's classes, so the alert reaches a teacher whose app is closed.
 */
export const push = {
  publicKey: read<{ publicKey: string }>()('push/publicKey'),
  subscribe: onlineOnly<Message>()('push/subscribe', {
    bodySchema: fields(
      {
        endpoint: endpointUrl,
        keys: {
          type: 'object',
          properties: { p256dh: { type: 'string', maxLength: 200 }, auth: { type: 'string', maxLength: 100 } },
          required: ['p256dh', 'auth'],
        },
      },
      ['endpoint', 'keys'],
    ),
  }),
  unsubscribe: onlineOnly<Message>()('push/unsubscribe', { bodySchema: fields({ endpoint: endpointUrl }, ['endpoint']) }),
} as const;
