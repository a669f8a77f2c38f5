/**
 * A one-time notice handed from the form to the list: a queued idea sends the teacher back to
 * /wishlist, and the notice has to be shown there, after the form is gone.
 */
export const QUEUED_IDEA_MESSAGE = 'Je bent offline: het idee wordt verzonden zodra er weer verbinding is.';

let pending: string | null = null;

export function leaveNotice(message: string): void {
  pending = message;
}

/** Returns the notice once, then forgets it, so it does not come back on the next visit. */
export function takeNotice(): string | null {
  const message = pending;
  pending = null;
  return message;
}
