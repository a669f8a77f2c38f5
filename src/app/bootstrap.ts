/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { loadSession, type SessionOutcome } from '../data/auth';

let started: Promise<SessionOutcome> | null = null;

export function bootstrapSession(): Promise<SessionOutcome> {
  started ??= loadSession();
  return started;
}
