/** Login validation of part 1 §5. The English texts are the contract's own wording. */

export const EMAIL_MESSAGES = { required: 'Email is required', invalid: 'Email must be a valid email address' } as const;
export const PASSWORD_MESSAGES = { required: 'Password is required', short: 'Password must be at least 6 characters' } as const;

/** The message says 6 characters; the lead engineer records which of the spec's two readings holds. */
export const PASSWORD_MIN_LENGTH = 6;

const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > LOCAL_MAX) return false;
  return EMAIL_PATTERN.test(value);
}

export function validateEmail(value: string): string | null {
  if (!value) return EMAIL_MESSAGES.required;
  return isValidEmail(value) ? null : EMAIL_MESSAGES.invalid;
}

export function validatePassword(value: string): string | null {
  if (!value) return PASSWORD_MESSAGES.required;
  return value.length < PASSWORD_MIN_LENGTH ? PASSWORD_MESSAGES.short : null;
}

/** UTF-8 safe base64 (btoa alone throws on characters outside Latin-1). */
export function encodePassword(password: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(password)));
}
