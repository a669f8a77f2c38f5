/**
 * The shape of one entry of the endpoint catalogue. This module imports nothing from React, the DOM,
 * Dexie or Fastify, so the page, the service worker and the server can all import it.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * read: answers are cached and served from the cache when the network fails.
 * queue: a write that may wait in the outbox and is replayed exactly once (Idempotency-Key).
 * online-only: a write that needs the network now (sign-in, passwords, uploads, organisation switch).
 */
export type OfflinePolicy = 'cache' | 'queue' | 'online-only';

/**
 * public: anyone; portal: ADMIN (teachers and school administrators, part 1 §6); student: the
 * students' app. Another role (TEACHER) is let in only where `otherRoles` says so.
 */
type Access = 'public' | 'portal' | 'student';

type BodyEncoding = 'json' | 'form' | 'multipart';

export interface EndpointDef {
  method: Method;
  /** Relative to api_url, with {name} placeholders, exactly as in spec §7. */
  path: string;
  kind: 'read' | 'write';
  offline: OfflinePolicy;
  access: Access;
  /**
   * Only for a school with licences this school year (organisation active = 1): the screens behind
   * the last tabs (part 1 §2, part 2 §6). Another school's caller gets 403 with a Dutch reason.
   */
  activeSchool?: true;
  /**
   * Part of the portfolios (part 1 §2: only with portfolio_enabled): with the setting off the server
   * refuses it with 403 and a Dutch reason, as the page has no tab or route for it.
   */
  portfolio?: true;
  /**
   * A portal call that a signed-in user of another role than ADMIN or STUDENT may make too: the
   * session load (users/info) and sign-out, so the page can send them to /notauthorized (part 1 §4).
   */
  otherRoles?: true;
  /**
   * What a delivered change can alter besides its own answer. By default any read, so every screen
   * refreshes its reads. 'area': only the reads of its own catalogue area (a vote changes the
   * wishlist, not the school's licences or the shell's school), src/data/delivered.ts.
   */
  effects?: 'area';
  body?: BodyEncoding;
  params?: JSONSchema;
  query?: JSONSchema;
  bodySchema?: JSONSchema;
  /** Body fields that make a queueable write online-only when filled (passwords never enter IndexedDB). */
  sensitiveFields?: readonly string[];
  /**
   * Answered on the server by a route of its own, not registered from the catalogue: a PDF or a
   * stored file (no JSON answer), or the invitation link of a colleague without an account; each has
   * its route in its own area (server/areas). The page still builds its request from the entry.
   */
  ownRoute?: true;
  /**
   * The JSON answer of a success (200). The server registers it as the route's response schema, so
   * the answer is serialised from it and a column no schema names never reaches the wire; the
   * OpenAPI document (/api/docs/openapi.json) shows it; the answer type is derived from it.
   */
  answer?: JSONSchema;
}

/** Phantom field that carries the answer type; never present at run time. */
declare const answerType: unique symbol;
export type Endpoint<Res = unknown, D extends EndpointDef = EndpointDef> = D & { readonly [answerType]?: Res };

/** What an entry states beyond its shape: the rest of EndpointDef, and the method or access where they differ. */
type Options = Omit<EndpointDef, 'path' | 'kind' | 'offline' | 'method' | 'access'> & { method?: Method; access?: Access };
type Merge<A, B> = Omit<A, keyof B> & B;
type Def<D> = D extends EndpointDef ? D : never;
/** A body means POST unless the entry says otherwise (a GET carries none). */
type MethodOf<R, Base> = R extends { method: infer M } ? M : R extends { body: unknown } | { bodySchema: unknown } ? 'POST' : Base;
type Built<Base, R, P extends string, K, O> = Def<
  Merge<Merge<Base, R>, { path: P; kind: K; offline: O; method: MethodOf<R, Base extends { method: infer M } ? M : 'GET'> }>
>;

/**
 * The three shapes of an entry, so kind/offline are said once: `read(answerSchema)(path, {...})` is a
 * cached read, `queued` a write the outbox may hold, `onlineOnly` a write that needs the network now,
 * `onlineRead` a read that must be fresh (a count asked just before a removal), so it is never cached.
 * Method GET (POST when the entry has a body, sent as JSON unless `body` says otherwise) and access
 * portal unless the entry says otherwise; `shapes({ activeSchool: true })`
 * gives an area constructors with its own defaults. The literal types stay, so ParamsOf, BodyOf and
 * AnswerOf still infer from the entry.
 */
export function shapes<const A extends Options = Record<never, never>>(area: A = {} as A) {
  type Base = Merge<{ method: 'GET'; access: 'portal' }, A>;
  const shape = <K extends EndpointDef['kind'], O extends OfflinePolicy>(kind: K, offline: O) => {
    const build =
      <Res>(answer: JSONSchema | undefined) =>
      <const P extends string, const R extends Options = Record<never, never>>(path: P, rest: R = {} as R) =>
        ({
          method: rest.body || rest.bodySchema ? 'POST' : 'GET',
          ...(rest.bodySchema ? { body: 'json' } : {}),
          access: 'portal',
          ...area,
          ...rest,
          ...(answer ? { answer } : {}),
          path,
          kind,
          offline,
        }) as unknown as Endpoint<Res, Built<Base, R, P, K, O>>;
    // The answer's schema, whose type the entry carries; without one (a PDF, a file) the type alone.
    function answerOf<const S extends JSONSchema>(answer: S): ReturnType<typeof build<FromSchema<S>>>;
    function answerOf<Res>(): ReturnType<typeof build<Res>>;
    function answerOf(answer?: JSONSchema) {
      return build(answer);
    }
    return answerOf;
  };
  return {
    read: shape('read', 'cache'),
    queued: shape('write', 'queue'),
    onlineOnly: shape('write', 'online-only'),
    onlineRead: shape('read', 'online-only'),
  };
}

export const { read, queued, onlineOnly, onlineRead } = shapes();

export type AnswerOf<E> = E extends Endpoint<infer R, EndpointDef> ? R : never;

type SchemaType<S> = S extends JSONSchema ? FromSchema<S> : Record<string, never>;
export type ParamsOf<E> = E extends { params: infer S } ? SchemaType<S> : Record<string, never>;
export type QueryOf<E> = E extends { query: infer S } ? SchemaType<S> : Record<string, never>;
export type BodyOf<E> = E extends { bodySchema: infer S } ? SchemaType<S> : undefined;

/** Fills {name} placeholders; values are URI-encoded except where the spec asks otherwise. */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Turns a path template into a matcher, for the service worker and the tests. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a?: string, b?: string) => {
    names.push((a ?? b) as string);
    return '([^/]+)';
  });
  const m = new RegExp(`^${pattern}$`).exec(path);
  if (!m) return null;
  const out: Record<string, string> = {};
  names.forEach((n, i) => (out[n] = decodeURIComponent(m[i + 1] ?? '')));
  return out;
}

/** The error answer of every 4xx: a Dutch message and, for forms, messages per field. */
export interface ApiError {
  error: { message: string; errors?: Record<string, string> };
}
