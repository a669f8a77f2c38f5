/**
 * Builds the HTTP request for a catalogue entry and reads its answer. Pure: used by the page and by
 * the service worker, so both speak to the server the same way.
 */
import { buildPath, type ApiError, type EndpointDef } from './endpoint';

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

export interface RequestOptions {
  apiUrl?: string;
  accessToken?: string | null;
  xsrfToken?: string | null;
  idempotencyKey?: string;
}

/** A refusal or failure with the server's Dutch reason; status 0 means no network. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_MESSAGE = 'Geen verbinding met de server.';

export function endpointUrl(def: EndpointDef, args: CallArgs = {}, apiUrl = '/api/'): string {
  let url = apiUrl.replace(/\/?$/, '/') + buildPath(def.path, args.params);
  const query = Object.entries(args.query ?? {}).filter(([, v]) => v !== undefined);
  if (query.length) url += '?' + new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return url;
}

function encodeForm(body: unknown): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) form.append(k, String(v));
  }
  return form.toString();
}

export function buildRequestInit(def: EndpointDef, args: CallArgs = {}, opts: RequestOptions = {}): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.accessToken) headers.Authorization = `Bearer ${opts.accessToken}`;
  if (def.method !== 'GET' && opts.xsrfToken) headers['X-XSRF-TOKEN'] = opts.xsrfToken;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let body: string | FormData | undefined;
  if (def.method !== 'GET' && args.body !== undefined) {
    if (def.body === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(args.body);
    } else if (def.body === 'multipart') {
      body = args.body as FormData;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(args.body);
    }
  }
  return { method: def.method, headers, body, credentials: 'same-origin' };
}

/** Reads a Response into the answer, or throws ApiCallError with the server's reason. */
export async function readAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.ok) return data as T;
  const err = (data as ApiError | null)?.error;
  throw new ApiCallError(res.status, err?.message ?? `De server antwoordde met ${res.status}.`, err?.errors ?? {}, data);
}
