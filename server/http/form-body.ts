/**
 * Form-encoded saves (part 1 §7: the data service's save helper posts `application/x-www-form-urlencoded`;
 * part 2 §7 lists the same calls). The original client sends them that way, so the routes of both
 * call lists take a form body as well as JSON. The form is turned into the JSON body's shape here and
 * then validated by the same schema (Fastify's Ajv coerces '12' to 12 and 'true' to true), so both
 * encodings meet the same rules and reach the same handler.
 */

/** The catalogue ids of the writes (and POST reads) in the spec's call lists that go through that helper. */
export const FORM_ENCODED_CALLS: ReadonlySet<string> = new Set([
  'classrooms.save',
  'classrooms.massMove',
  'classrooms.massDeleteCheck',
  'classrooms.massDelete',
  'classrooms.bulkAction',
  'students.save',
  'teachers.invite',
  'documents.save',
  'portfolios.saveFeedback',
  'portfolios.saveFeedbackStatus',
  'portfolios.filters',
  'portfolios.list',
  'licences.saveExtendInfo',
  'wishlist.save',
  'wishlist.saveComment',
]);

export const isFormEncoded = (contentType: string | undefined): boolean =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

const types = (s: Schema | undefined): string[] => (s ? [...[s.type ?? []].flat(), ...(s.anyOf ?? []).flatMap(types)] : []);

/** 'users[]', 'users[0]', 'keys[auth]' → ['users', ''], ['users', '0'], ['keys', 'auth']. */
function pathOf(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  return [m[1] as string, ...[...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] as string)];
}

function place(target: Record<string, unknown>, path: string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    // 'a=1&a=2' and 'a[]=1&a[]=2' both make a list; a single value stays a value (Ajv wraps it where a list is expected).
    const had = target[head];
    target[head] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    return;
  }
  if (rest.length === 1 && (rest[0] === '' || /^\d+$/.test(rest[0] as string))) {
    const had = target[head];
    target[head] = [...(Array.isArray(had) ? had : had === undefined ? [] : [had]), value];
    return;
  }
  const child = target[head];
  const obj = child && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : {};
  target[head] = obj;
  place(obj, rest, value);
}

/** The parsed form (from @fastify/formbody) as the JSON body the schema describes. */
export function formToBody(form: unknown, schema: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (form && typeof form === 'object') {
    for (const [key, raw] of Object.entries(form as Record<string, unknown>)) {
      for (const v of Array.isArray(raw) ? raw : [raw]) place(out, pathOf(key), String(v));
    }
  }
  for (const [name, prop] of Object.entries((schema as Schema | undefined)?.properties ?? {})) {
    const allowed = types(prop);
    const value = out[name];
    // A form cannot send an empty list: an absent list field is one, as in JSON's [].
    if (value === undefined && allowed.includes('array')) out[name] = [];
    // An empty field where the schema allows null (no main teacher, no level) is null, not ''.
    else if (value === '' && allowed.includes('null') && !allowed.includes('string')) out[name] = null;
  }
  return out;
}
