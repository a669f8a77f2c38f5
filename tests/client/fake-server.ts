/**
 * A fake server for the client tests, keyed by catalogue entries instead of path strings: a test can
 * only answer a call the product can make, with a body of the entry's answer type, and looks its
 * requests up by entry. A request to a path no entry declares fails the test (see `strays`).
 */
import { vi } from 'vitest';
import { catalogue } from '../../src/api/catalogue';
import type { AnswerOf, Endpoint, EndpointDef, ParamsOf } from '../../src/api/endpoint';
import { matchPath } from '../../src/api/endpoint';

/**
 * Anything but a plain 200 with the entry's whole answer: a status with any body, no network, a raw
 * Response, or part of an answer. `R` is the answer type a `partial` reply was checked against
 * (never for the others, which fit every entry).
 */
export class Reply<R = never> {
  /** Phantom: never set; makes a partial answer of one type unfit for an entry of another. */
  declare readonly answer?: R;
  private constructor(readonly respond: (request: Request) => Response | Promise<Response>) {}
  static of<R = never>(respond: (request: Request) => Response | Promise<Response>): Reply<R> {
    return new Reply<R>(respond);
  }
}

type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

const jsonResponse = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A status the entry's answer type does not describe (an error, a 409 with its conflicts). */
export const status = (code: number, body: unknown, headers?: Record<string, string>): Reply =>
  Reply.of(() => jsonResponse(body, code, headers));
/** The Dutch error shape of every 4xx/5xx: `{ error: { message, errors? } }`. */
export const failure = (code: number, message: string, errors?: Record<string, string>): Reply =>
  status(code, { error: errors ? { message, errors } : { message } });
/** No network: fetch rejects as a browser's does. */
export const offline = (): Reply => Reply.of(() => Promise.reject(new TypeError('Failed to fetch')));
/**
 * A 200 with only the fields the screen under test reads, type-checked against the entry's answer
 * (`on(api.session.config, partial({ demo: true }))`): the page reads a missing field as absent.
 */
export const partial = <R>(body: NoInfer<DeepPartial<R>>): Reply<R> => Reply.of<R>(() => jsonResponse(body, 200));
/** Anything else (a PDF, an HTML error page, a header check, an answer that waits). */
export const respond = (fn: (request: Request) => Response | Promise<Response>): Reply => Reply.of(fn);

type Entry = Endpoint<unknown, EndpointDef>;
type ParamValues<E> = { [K in keyof ParamsOf<E>]?: string | number };
/** A 200 with the entry's answer type, or a Reply. */
export type AnswerFor<E> = AnswerOf<E> | Reply<AnswerOf<E>>;

export interface Call {
  /** The catalogue id, e.g. "wishlist.voteUp". */
  id: string;
  method: string;
  /** The whole address asked for (where a test checks the /api/ prefix). */
  url: URL;
  /** Relative to /api/, as the catalogue's templates are. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body as sent ('' for a GET). */
  text: string;
  headers: Headers;
}

interface Rule {
  def: EndpointDef;
  params?: Record<string, string | number>;
  replies: unknown[];
}

/** The catalogue entry a request is for: method and path template; a literal segment wins over a placeholder. */
function entryFor(method: string, path: string) {
  const found = catalogue
    .filter((e) => e.def.method === method)
    .map((e) => ({ entry: e, params: matchPath(e.def.path, path) }))
    .filter((m): m is { entry: (typeof catalogue)[number]; params: Record<string, string> } => m.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return found[0];
}

/**
 * The catalogue id of an entry. An entry from another copy of the catalogue (imported after
 * vi.resetModules()) would never match a request, so it fails at once instead of answering 404.
 */
function idOf(entry: EndpointDef): string {
  const id = catalogue.find((e) => e.def === entry)?.id;
  if (!id)
    throw new Error(
      `fake server: ${entry.method} ${entry.path} is not an entry of the catalogue this server was built from (import api statically, before vi.resetModules())`,
    );
  return id;
}

export function fakeServer() {
  const rules: Rule[] = [];
  const log: Call[] = [];
  /** Requests to a path no catalogue entry declares: each fails the test (checked in setup.ts). */
  const strays: string[] = [];
  /** What an entry with no answer set gets: the server's 404 unless the test says otherwise. */
  let fallback: Reply = failure(404, 'Niet gevonden');

  /** The last rule set for this entry that fits the params: a later `on` overrides an earlier one. */
  function ruleFor(def: EndpointDef, params: Record<string, string>) {
    const fits = (r: Rule) => r.def === def && Object.entries(r.params ?? {}).every(([k, v]) => params[k] === String(v));
    const matching = rules.filter(fits);
    return matching.filter((r) => r.params).at(-1) ?? matching.at(-1);
  }

  const server = {
    strays,
    /** Every request in order. */
    log,
    /** Answers every request for `entry`; with several replies, one each request, the last repeating. */
    on<E extends Entry>(entry: E, ...replies: [AnswerFor<E>, ...AnswerFor<E>[]]) {
      idOf(entry);
      rules.push({ def: entry, replies });
      return server;
    },
    /** As `on`, for the given path params only (`{ id: 5 }`); it wins over an answer for any params. */
    at<E extends Entry>(entry: E, params: ParamValues<E>, ...replies: [AnswerFor<E>, ...AnswerFor<E>[]]) {
      idOf(entry);
      rules.push({ def: entry, params: params as Record<string, string | number>, replies });
      return server;
    },
    /** What every entry without an answer gets instead of 404 (e.g. `offline()`: only the answered calls get through). */
    otherwise(reply: Reply) {
      fallback = reply;
      return server;
    },
    /** The network goes: every answer set so far fails as a browser's fetch does offline (the rest keep the fallback, 404). */
    cutOff() {
      for (const rule of rules) rule.replies = [offline()];
      return server;
    },
    /** Every request answered by an entry so far, optionally only those with the given params. */
    calls<E extends Entry>(entry: E, params?: ParamValues<E>): Call[] {
      const id = idOf(entry);
      const wanted = Object.entries((params ?? {}) as Record<string, string | number>);
      return log.filter((c) => c.id === id && wanted.every(([k, v]) => c.params[k] === String(v)));
    },
    /** The JSON body of the last (or n-th) call of `entry`. */
    sent(entry: Entry, n = -1): Record<string, unknown> {
      const call = server.calls(entry).at(n);
      if (!call) throw new Error(`no request for ${idOf(entry)}`);
      return JSON.parse(call.text) as Record<string, unknown>;
    },
    /** The fetch to stub with: finds the entry, records the request, answers. */
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      // Every call goes to api_url (/api/ in the tests); a path outside it is a stray too.
      const path = url.pathname.startsWith('/api/') ? url.pathname.slice('/api/'.length) : null;
      const match = path === null ? undefined : entryFor(request.method, path);
      if (!match || path === null) {
        const what = `${request.method} ${path ?? url.pathname}`;
        strays.push(what);
        throw new Error(`fake server: ${what} is in no catalogue entry; the product cannot make this call`);
      }
      const text = request.method === 'GET' ? '' : await request.clone().text();
      log.push({
        id: match.entry.id,
        method: request.method,
        url,
        path,
        params: match.params,
        query: url.searchParams,
        text,
        headers: request.headers,
      });
      const rule = ruleFor(match.entry.def, match.params);
      const reply = rule ? (rule.replies.length > 1 ? rule.replies.shift() : rule.replies[0]) : fallback;
      return reply instanceof Reply ? (reply as Reply<unknown>).respond(request) : jsonResponse(reply, 200);
    },
  };
  return server;
}

export type FakeServer = ReturnType<typeof fakeServer>;

/**
 * The server the running test stubbed fetch with, so setup.ts can fail the test on a stray request.
 * On globalThis, not a module variable: tests call vi.resetModules(), which could give setup.ts and
 * the test two copies of this module.
 */
const slot = globalThis as { fakeServer?: FakeServer };

/** A fresh server, stubbed as fetch. */
export function stubFetch(): FakeServer {
  const server = fakeServer();
  slot.fakeServer = server;
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

/** Called after each test (setup.ts): a request outside the catalogue fails the test that made it. */
export function takeStrays(): string[] {
  const found = [...(slot.fakeServer?.strays ?? [])];
  delete slot.fakeServer;
  return found;
}
