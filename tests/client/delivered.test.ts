/** Which reads a delivered change refreshes (src/data/delivered.ts): a vote its wishlist, not the shell's school. */
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../src/api/catalogue';
import { announceDelivered, DELIVERED_EVENT, refreshesRead } from '../../src/data/delivered';

let events: Event[] = [];
const record = (e: Event) => events.push(e);
afterEach(() => {
  window.removeEventListener(DELIVERED_EVENT, record);
  events = [];
});

function delivered(ids: string[]): Event {
  window.addEventListener(DELIVERED_EVENT, record);
  announceDelivered(ids, Date.now());
  return events.at(-1)!;
}

describe('a delivered change', () => {
  it('of the wishlist refreshes the wishlist’s reads only', () => {
    const event = delivered(['wishlist.voteUp']);
    expect(refreshesRead(event, api.wishlist.items)).toBe(true);
    expect(refreshesRead(event, api.wishlist.userVotes)).toBe(true);
    expect(refreshesRead(event, api.session.organisationInfo)).toBe(false);
    expect(refreshesRead(event, api.licences.list)).toBe(false);
  });

  it('of another area refreshes every read: a student saved can change a class, the counts and the licences', () => {
    const event = delivered(['wishlist.voteUp', 'students.save']);
    expect(refreshesRead(event, api.session.organisationInfo)).toBe(true);
    expect(refreshesRead(event, api.licences.list)).toBe(true);
    expect(refreshesRead(event, api.wishlist.items)).toBe(true);
  });
});
