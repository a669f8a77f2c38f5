/**
 * Download links that work in a new tab (no Authorization header there): an HMAC over the file id,
 * the school the file belongs to, the teacher it was handed to and an expiry. A link handed to a
 * teacher of school A names A's file and stops working at `exp`, or as soon as that teacher is no
 * longer an active member (file-downloads.ts checks); method files (exams) have no school and read 'method'.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HOUR_MS } from '../constants';

/** 5 min for exam links (the browser navigates at once); document lists are read, cached and clicked later. */
export const EXAM_LINK_SECONDS = 5 * 60;
export const DOCUMENT_LINK_SECONDS = 2 * 3600;

/**
 * The moment a cached list's links are issued from: the start of the hour. The same answer then
 * carries the same links for an hour, so its ETag holds (read-etag.ts) and the offline refresh of
 * portfolios and documents fetches only what changed; a link still lives 1–2 h after the list was read.
 */
export const linkIssueTime = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

const payload = (fileId: string, organisationId: number | null, userId: number, exp: number) =>
  `file:${fileId}:${organisationId ?? 'method'}:${userId}:${exp}`;

function mac(secret: Uint8Array, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export function signedFileUrl(
  secret: Uint8Array,
  fileId: string,
  organisationId: number | null,
  userId: number,
  now: Date,
  seconds: number,
): string {
  const exp = Math.floor(now.getTime() / 1000) + seconds;
  const sig = mac(secret, payload(fileId, organisationId, userId, exp));
  return `/api/files/${encodeURIComponent(fileId)}?u=${userId}&exp=${exp}&sig=${sig}`;
}

/** The user a link was handed to, when its `u` is a plain id. */
export const linkUser = (u: string | undefined): number | null =>
  u && /^[1-9]\d{0,9}$/.test(u) && Number(u) <= 2_147_483_647 ? Number(u) : null;

export function verifyFileSignature(
  secret: Uint8Array,
  fileId: string,
  organisationId: number | null,
  userId: number,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 < now.getTime()) return false;
  const expected = Buffer.from(mac(secret, payload(fileId, organisationId, userId, Number(exp))));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
