/** Where to go after signing in: only a path on this site, so ?next= can never send anyone elsewhere. */
const HOME_PATH = '/index';

export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/notauthorized')) return HOME_PATH;
  return next;
}
