import { endpoint } from '../endpoint';
import { idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { UserVotes, WishlistComment, WishlistItem } from './types';

/** The wishlist (part 2 §7 "Wishlist"). Votes, comments and read marks are queueable offline. */
export const wishlist = {
  items: endpoint<WishlistItem[]>()({ method: 'GET', path: 'wishlistItems', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  read: endpoint<Message>()({ method: 'GET', path: 'wishlistItems/read/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  voteUp: endpoint<UserVotes>()({ method: 'GET', path: 'wishlistItems/voteUp/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  voteDown: endpoint<UserVotes>()({ method: 'GET', path: 'wishlistItems/voteDown/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  userVotes: endpoint<UserVotes>()({ method: 'GET', path: 'wishlistItems/userVotes', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true }),
  details: endpoint<WishlistItem>()({ method: 'GET', path: 'wishlistItems/details/{id}', kind: 'read', offline: 'cache', access: 'portal', activeSchool: true, params: idParams }),
  save: endpoint<WishlistItem>()({
    method: 'POST',
    path: 'wishlistItems/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        id: intId,
        title: { type: 'string', maxLength: 200 },
        description: { type: 'string', maxLength: 5000 },
        active: { anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'boolean' }] },
      },
      required: ['id'],
    },
  }),
  delete: endpoint<Message>()({ method: 'DELETE', path: 'wishlistItems/delete/{id}', kind: 'write', offline: 'queue', access: 'portal', activeSchool: true, params: idParams }),
  saveComment: endpoint<WishlistComment>()({
    method: 'POST',
    path: 'wishlistComments/save',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: { comment: { type: 'string', maxLength: 2000 }, wishlistItemId: intId },
      required: ['wishlistItemId'],
    },
  }),
  deleteComment: endpoint<Message>()({
    method: 'DELETE',
    path: 'wishlistComments/delete/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal', activeSchool: true,
    params: idParams,
  }),
} as const;
