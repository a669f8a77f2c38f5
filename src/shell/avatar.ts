import { AVATAR_KEY } from '../constants';

/** One of the 5 avatars (part 1 §9), picked at random once per browser session. */
const AVATAR_COUNT = 5;

export function pickAvatar(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, random: () => number = Math.random): string {
  let n = Number(storage.getItem(AVATAR_KEY));
  if (!Number.isInteger(n) || n < 1 || n > AVATAR_COUNT) {
    n = 1 + Math.floor(random() * AVATAR_COUNT);
    storage.setItem(AVATAR_KEY, String(n));
  }
  return `/avatars/avatar-${n}.svg`;
}
