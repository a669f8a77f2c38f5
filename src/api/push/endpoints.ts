import { onlineOnly, read } from '../endpoint';
import { answerObject, fields, str } from '../schemas';
import { messageAnswer } from '../shared-types';

const endpointUrl = { type: 'string', minLength: 8, maxLength: 2000 } as const;

/**
 * Web Push (VAPID): the teacher's device subscribes, and the server pushes new check requests of the
 * teacher's classes, so the alert reaches a teacher whose app is closed.
 */
export const push = {
  publicKey: read(answerObject({ publicKey: str }))('push/publicKey'),
  subscribe: onlineOnly(messageAnswer)('push/subscribe', {
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
  unsubscribe: onlineOnly(messageAnswer)('push/unsubscribe', { bodySchema: fields({ endpoint: endpointUrl }, ['endpoint']) }),
} as const;
