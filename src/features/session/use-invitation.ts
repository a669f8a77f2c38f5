/**
 * The invitation link of the e-mail (api.session.invitation / acceptInvitation): GET says who is
 * invited and for which school; POST sets the password. The colleague has no account yet: the token
 * is the credential, so nothing here is cached or queued, and no access token is sent.
 */
import { useEffect, useState } from 'react';
import type { EndpointDef } from '../../api/endpoint';
import { ApiCallError, buildRequestInit, endpointUrl, readAnswer } from '../../api/request';
import { session as sessionApi } from '../../api/session/endpoints';
import type { Invitation } from '../../api/session/types';
import { apiFetch, withHeaders } from '../../data/api-client';
import { session } from '../../data/session';

const MISSING_TOKEN = 'Deze link is niet compleet. Open de link uit de uitnodigingsmail opnieuw.';

/** Without the session's token: the link's token is the credential (a signed-in colleague's is not). */
async function request<T>(def: EndpointDef, token: string, body?: unknown): Promise<T> {
  const args = { params: { token }, body };
  const init = buildRequestInit(def, args);
  const url = endpointUrl(def, args, session.config.api_url);
  const res = await apiFetch((headers, signal) => fetch(url, { ...init, headers: withHeaders(init, headers), cache: 'no-store', signal }), {
    auth: 'none',
    write: def.method !== 'GET',
  });
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
    request<Invitation>(sessionApi.invitation, token)
      .then((answer) => live && setInvitation(answer))
      .catch((err: unknown) => live && setLoadError(err instanceof ApiCallError ? err.message : String(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [token]);

  /** `name` only when the account has none yet (invitation.hasName false, issue 28.19). */
  const setPassword = async (password: string, name?: string): Promise<void> => {
    setBusy(true);
    setSendError(null);
    try {
      const answer = await request<{ message: string }>(sessionApi.acceptInvitation, token, {
        password: base64(password),
        encoding: 'base64',
        ...(name ? { name } : {}),
      });
      setDone(answer.message);
    } catch (err) {
      setSendError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return { invitation, loading, loadError, setPassword, busy, sendError, done };
}
