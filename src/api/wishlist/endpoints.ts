import { shapes } from '../endpoint';
import { arrayOf, baseOf, fields, idParams, intId } from '../schemas';
import { messageAnswer } from '../shared-types';
import { userVotesSchema, wishlistCommentSchema, wishlistItemSchema } from './types';

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
  items: read(arrayOf(wishlistItemSchema))('wishlistItems'),
  read: queued(messageAnswer)('wishlistItems/read/{id}', { params: idParams }),
  voteUp: queued(userVotesSchema)('wishlistItems/voteUp/{id}', { params: idParams }),
  voteDown: queued(userVotesSchema)('wishlistItems/voteDown/{id}', { params: idParams }),
  userVotes: read(userVotesSchema)('wishlistItems/userVotes'),
  details: read(wishlistItemSchema)('wishlistItems/details/{id}', { params: idParams }),
  save: queued(wishlistItemSchema)('wishlistItems/save', {
    bodySchema: fields({ id: intId, ...ideaFields, base: baseOf(ideaFields) }, ['id']),
  }),
  delete: queued(messageAnswer)('wishlistItems/delete/{id}', { method: 'DELETE', params: idParams }),
  saveComment: queued(wishlistCommentSchema)('wishlistComments/save', {
    bodySchema: fields({ comment: { type: 'string', maxLength: 2000 }, wishlistItemId: intId }, ['wishlistItemId']),
  }),
  deleteComment: queued(messageAnswer)('wishlistComments/delete/{id}', { method: 'DELETE', params: idParams }),
} as const;
