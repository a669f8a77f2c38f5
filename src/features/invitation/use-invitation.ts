/**
 * The invitation link of the e-mail (server/areas/session/invitations.ts, outside the catalogue because the
 * colleague has no account yet): GET /api/invitations/{token} says who is invited and for which
 * school; POST sets the password. The token is the credential, so nothing here is cached or queued.
 */
import { useEffect, useState } from 'react';
import { ApiCallError, NETWORK_MESSAGE, readAnswer } from '../../api/request';
import { session, xsrfToken } from '../../data/session';

export interface Invitation {
  email: string;
  organisationName: string;
  expiresAt: string;
}

export const MIN_PASSWORD = 8;
export const MISSING_TOKEN = 'Deze link is niet compleet. Open de link uit de uitnodigingsmail opnieuw.';

const invitationUrl = (token: string) => `${session.config.api_url.replace(/\/?$/, '/')}invitations/${encodeURIComponent(token)}`;

async function request<T>(token: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(invitationUrl(token), { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiCallError(0, NETWORK_MESSAGE);
  }
  return readAnswer<T>(res);
}

/** base64 of the UTF-8 bytes, as the sign-in sends its password (part 1 §7 `encoding`). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function useInvitation(token: string) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [loadError, setLoadError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [loading, setLoading] = useState(!!token);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    request<Invitation>(token, { headers: { Accept: 'application/json' } })
      .then((answer) => live && setInvitation(answer))
      .catch((err: unknown) => live && setLoadError(err instanceof ApiCallError ? err.message : String(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [token]);

  const setPassword = async (password: string): Promise<void> => {
    setBusy(true);
    setSendError(null);
    try {
      const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
      const xsrf = xsrfToken();
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
      const answer = await request<{ message: string }>(token, { method: 'POST', headers, body: JSON.stringify({ password: base64(password), encoding: 'base64' }) });
      setDone(answer.message);
    } catch (err) {
      setSendError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return { invitation, loading, loadError, setPassword, busy, sendError, done };
}
