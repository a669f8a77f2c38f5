import { shapes } from '../endpoint';
import { baseOf, fields, idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { UserVotes, WishlistComment, WishlistItem } from './types';

// Every call of this area is only for a school with licences this school year (part 1 §2), and its
// changes alter only the wishlist's own reads.
const { queued, read } = shapes({ activeSchool: true, effects: 'area' });

/** What the idea form edits; `base` holds them as the teacher saw them. */
const ideaFields = {
  title: { type: 'string', maxLength: 200 },
  description: { type: 'string', maxLength: 5000 },
  active: { anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'boolean' }] },
} as const;

/** The wishlist (part 2 §7 "Wishlist"). Votes, comments and read marks are queueable offline. */
export const wishlist = {
  items: read<WishlistItem[]>()('wishlistItems'),
  read: queued<Message>()('wishlistItems/read/{id}', { params: idParams }),
  voteUp: queued<UserVotes>()('wishlistItems/voteUp/{id}', { params: idParams }),
  voteDown: queued<UserVotes>()('wishlistItems/voteDown/{id}', { params: idParams }),
  userVotes: read<UserVotes>()('wishlistItems/userVotes'),
  details: read<WishlistItem>()('wishlistItems/details/{id}', { params: idParams }),
  save: queued<WishlistItem>()('wishlistItems/save', {
    bodySchema: fields(
      { id: intId, ...ideaFields, base: baseOf(ideaFields) },
      ['id'],
    ),
  }),
  delete: queued<Message>()('wishlistItems/delete/{id}', { method: 'DELETE', params: idParams }),
  saveComment: queued<WishlistComment>()('wishlistComments/save', {
    bodySchema: fields({ comment: { type: 'string', maxLength: 2000 }, wishlistItemId: intId }, ['wishlistItemId']),
  }),
  deleteComment: queued<Message>()('wishlistComments/delete/{id}', { method: 'DELETE', params: idParams }),
} as const;
