import { createHash } from 'node:crypto';

/** An invitation token is stored only as this hash (teachers.invite writes it, the set-password page reads it). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
