/**
 * One file upload with progress (part 2 §7 Documents: documents/add and documents/addFile/{id}).
 * fetch() cannot report upload progress, so this one module uses XMLHttpRequest with the same headers
 * the catalogue client sends (bearer token, X-XSRF-TOKEN, Idempotency-Key), refreshes the access token
 * once on a 401, and reports every failure as ApiCallError with the server's Dutch message.
 */
import type { AnswerOf, EndpointDef } from '../../api/endpoint';
import { ApiCallError, endpointUrl, type CallArgs } from '../../api/request';
import { refreshTokens } from '../../data/api-client';
import { getAccessToken, session, xsrfToken } from '../../data/session';
import { ONLINE_ONLY_MESSAGE } from '../../data/writes';

export type ProgressListener = (fraction: number) => void;

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function sendOnce(url: string, form: FormData, key: string, onProgress: ProgressListener): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', key);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = xsrfToken();
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiCallError(0, ONLINE_ONLY_MESSAGE));
    xhr.onabort = () => reject(new ApiCallError(0, ONLINE_ONLY_MESSAGE));
    xhr.send(form);
  });
}

/** Uploads one file (field `file`) with extra form fields; resolves with the answer of the endpoint. */
export async function uploadFile<E extends EndpointDef>(
  def: E,
  args: Pick<CallArgs, 'params'>,
  file: File,
  fields: Record<string, string>,
  onProgress: ProgressListener,
): Promise<AnswerOf<E>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiCallError(0, ONLINE_ONLY_MESSAGE);
  const url = endpointUrl(def, args, session.config.api_url);
  const key = crypto.randomUUID();
  const build = () => {
    const form = new FormData();
    // Fields before the file: the server reads the token before it reads the bytes.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    return form;
  };
  let res = await sendOnce(url, build(), key, onProgress);
  if (res.status === 401 && (await refreshTokens())) res = await sendOnce(url, build(), key, onProgress);
  if (res.status >= 200 && res.status < 300) {
    onProgress(1);
    return res.body as AnswerOf<E>;
  }
  const err = (res.body as { error?: { message?: string; errors?: Record<string, string> } } | null)?.error;
  throw new ApiCallError(res.status, err?.message ?? `De server antwoordde met ${res.status}.`, err?.errors ?? {}, res.body);
}

/** A random upload token per page visit (part 2 §9): uploads of one visit join one document. */
export function randomUploadToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
