/**
 * One file upload with progress (part 2 §7 Documents: documents/add and documents/addFile/{id}).
 * fetch() cannot report upload progress, so the request itself is an XMLHttpRequest; the session's
 * headers, the refresh on a 401 and the Dutch error come from the page's one request function
 * (src/data/api-client.ts), as for every other call.
 */
import type { AnswerOf, EndpointDef } from '../../api/endpoint';
import { ApiCallError, endpointUrl, readAnswer, type CallArgs } from '../../api/request';
import { apiFetch } from '../../data/api-client';
import { session } from '../../data/session';
import { ONLINE_ONLY_MESSAGE } from '../../data/writes';

export type ProgressListener = (fraction: number) => void;

/** The XMLHttpRequest as a fetch: resolves with the answer, rejects when no answer came. */
function sendWithProgress(url: string, headers: Record<string, string>, form: FormData, onProgress: ProgressListener): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(new Response([204, 205, 304].includes(xhr.status) ? null : xhr.responseText, { status: xhr.status }));
    xhr.onerror = () => reject(new TypeError('upload failed'));
    xhr.onabort = () => reject(new TypeError('upload aborted'));
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
  // No give-up bound: a large file on school Wi-Fi may take minutes, and its progress shows it moves.
  const res = await apiFetch(
    (headers) => sendWithProgress(url, { Accept: 'application/json', 'Idempotency-Key': key, ...headers }, build(), onProgress),
    {
      write: true,
      timeoutMs: null,
      networkMessage: ONLINE_ONLY_MESSAGE,
    },
  );
  const answer = await readAnswer<AnswerOf<E>>(res);
  onProgress(1);
  return answer;
}

/** A random upload token per page visit (part 2 §9): uploads of one visit join one document. */
export function randomUploadToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
