/**
 * Download links that work in a new tab (no Authorization header there): an HMAC over the file id,
 * the school the file belongs to and an expiry. A link handed to a teacher of school A names A's
 * file and stops working at `exp`; method files (exams) have no school and read 'method'.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** 5 min for exam links (the browser navigates at once); document lists are read, cached and clicked later. */
export const EXAM_LINK_SECONDS = 5 * 60;
export const DOCUMENT_LINK_SECONDS = 2 * 3600;

const payload = (fileId: string, organisationId: number | null, exp: number) => `file:${fileId}:${organisationId ?? 'method'}:${exp}`;

function mac(secret: Uint8Array, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export function signedFileUrl(secret: Uint8Array, fileId: string, organisationId: number | null, now: Date, seconds: number): string {
  const exp = Math.floor(now.getTime() / 1000) + seconds;
  const sig = mac(secret, payload(fileId, organisationId, exp));
  return `/api/files/${encodeURIComponent(fileId)}?exp=${exp}&sig=${sig}`;
}

export function verifyFileSignature(
  secret: Uint8Array,
  fileId: string,
  organisationId: number | null,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 < now.getTime()) return false;
  const expected = Buffer.from(mac(secret, payload(fileId, organisationId, Number(exp))));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
