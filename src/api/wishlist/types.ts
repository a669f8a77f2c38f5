/** Answer types of the wishlist (spec part 2 §3). */

export interface WishlistComment {
  id: number;
  comment: string;
  wishlistItemId: number;
  user: { name: string };
  dateTimeCreated: string;
  canEdit: boolean;
}

export interface WishlistItem {
  id: number;
  title: string;
  description: string;
  active: 0 | 1;
  readBy: number[] | false;
  upVoteCount: number;
  downVoteCount: number;
  commentCount: number;
  dateTimeCreated: string;
  user: { name: string; email: string };
  canEdit: boolean;
  comments: WishlistComment[];
}

export interface UserVotes {
  up: number[];
  down: number[];
}
