import { endpoint } from '../endpoint';
import type { Message } from '../shared-types';

const endpointUrl = { type: 'string', minLength: 8, maxLength: 2000 } as const;

/**
 * Web Push (VAPID): the teacher's device subscribes, and the server pushes new check requests of the
 * teacher's classes, so the alert reaches a teacher whose app is closed.
 */
export const push = {
  publicKey: endpoint<{ publicKey: string }>()({ method: 'GET', path: 'push/publicKey', kind: 'read', offline: 'cache', access: 'portal' }),
  subscribe: endpoint<Message>()({
    method: 'POST',
    path: 'push/subscribe',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        endpoint: endpointUrl,
        keys: {
          type: 'object',
          properties: { p256dh: { type: 'string', maxLength: 200 }, auth: { type: 'string', maxLength: 100 } },
          required: ['p256dh', 'auth'],
        },
      },
      required: ['endpoint', 'keys'],
    },
  }),
  unsubscribe: endpoint<Message>()({
    method: 'POST',
    path: 'push/unsubscribe',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    body: 'json',
    bodySchema: { type: 'object', properties: { endpoint: endpointUrl }, required: ['endpoint'] },
  }),
} as const;
