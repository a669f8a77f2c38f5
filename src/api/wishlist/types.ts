/** Answer schemas and types of the wishlist (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, flag01, int, str } from '../schemas';

export const wishlistCommentSchema = answerObject({
  id: int,
  comment: str,
  wishlistItemId: int,
  user: answerObject({ name: str }),
  dateTimeCreated: str,
  canEdit: bool,
});
export type WishlistComment = FromSchema<typeof wishlistCommentSchema>;

export const wishlistItemSchema = answerObject({
  id: int,
  title: str,
  description: str,
  active: flag01,
  // The ids of the teachers who read it, or false (spec part 2 §3).
  readBy: { anyOf: [arrayOf(int), { type: 'boolean', enum: [false] }] },
  upVoteCount: int,
  downVoteCount: int,
  commentCount: int,
  dateTimeCreated: str,
  user: answerObject({ name: str, email: str }),
  canEdit: bool,
  comments: arrayOf(wishlistCommentSchema),
});
export type WishlistItem = FromSchema<typeof wishlistItemSchema>;

export const userVotesSchema = answerObject({ up: arrayOf(int), down: arrayOf(int) });
export type UserVotes = FromSchema<typeof userVotesSchema>;
