/**
 * A device an account signed in on before: an httpOnly cookie set at a good sign-in, holding a random
 * id and an HMAC over it and the e-mail address. Sign-in on such a device is counted on the device's
 * own key instead of the account's (rate-limit.ts RULES.signInDevice), so a stranger's wrong
 * passwords on the account do not hold the teacher back on her own tablet.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'device';
// A school year and a bit: the cookie outlives the refresh token on purpose.
export const DEVICE_COOKIE_SECONDS = 400 * 24 * 3600;

const mac = (secret: Uint8Array, id: string, email: string) =>
  createHmac('sha256', secret).update(`device:${id}:${email}`).digest('base64url');

export function deviceCookie(secret: Uint8Array, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${mac(secret, id, email)}`;
}

/** The device id when the cookie was set for this address, else null. */
export function knownDevice(secret: Uint8Array, cookie: string | undefined, email: string): string | null {
  const m = cookie ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie) : null;
  if (!m) return null;
  const [, id, given] = m as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, id, email));
  return timingSafeEqual(expected, Buffer.from(given)) ? id : null;
}
