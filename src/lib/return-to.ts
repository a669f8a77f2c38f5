/** Where to go after signing in: only a path on this site, so ?next= can never send anyone elsewhere. */
const HOME_PATH = '/index';
const BASE = 'http://portal.invalid';

/** As the server's sameOriginPath: the path is normalised first, and the normalised path checked again. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return HOME_PATH;
  }
  // '/.//evil.example' passes the checks above and normalises to '//evil.example': another host to a browser.
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== BASE || path.startsWith('//') || path.startsWith('/\\')) return HOME_PATH;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/') || url.pathname.startsWith('/notauthorized')) return HOME_PATH;
  return path;
}
