/**
 * Numbers from a request that the schemas let through although no handler can use them. Ajv's
 * coercion turns "Infinity", "-Infinity" and "1e999" into ±Infinity, which passes `type: integer`
 * and skips minimum/maximum; JSON.parse makes 1e999 Infinity too. Such a value reached the SQL and
 * gave a 500. After validation, every number in params, query and body must be finite.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { hookRoutes, isApiRoute, takesBody } from './route-hooks';
import { badRequest } from '../http-error';

const NOT_A_NUMBER = 'Ongeldige invoer: een getal is oneindig groot of geen geldig getal.';

/** The path of the first non-finite number in the value, or null. Depth-limited: bodies are small, but never trust that. */
function nonFiniteAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || '/';
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const found = nonFiniteAt(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Where a number can come from: a schema coerces params or query to numbers, a body is parsed as JSON. */
const takesNumbers = (route: RouteOptions) =>
  isApiRoute(route) && (!!route.schema?.params || !!route.schema?.querystring || takesBody(route));

export function refuseNonFiniteNumbers(fastify: FastifyInstance): void {
  // preHandler runs after schema validation and coercion: it sees the numbers the handler would.
  hookRoutes(fastify, 'preHandler', takesNumbers, async (req) => {
    if (nonFiniteAt(req.params) ?? nonFiniteAt(req.query) ?? nonFiniteAt(req.body)) throw badRequest(NOT_A_NUMBER);
  });
}

interface AjvError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const TYPE_NL: Record<string, string> = {
  integer: 'een geheel getal',
  number: 'een getal',
  string: 'tekst',
  boolean: 'waar of onwaar',
  array: 'een lijst',
  object: 'een object',
};

/** Ajv's first complaint in Dutch, e.g. "params/id moet hoogstens 2147483647 zijn". */
export function dutchValidationMessage(context: string | undefined, errors: readonly AjvError[]): string {
  const e = errors[0];
  if (!e) return 'Ongeldige invoer.';
  const field = `${context ?? 'invoer'}${e.instancePath ?? ''}`;
  const p = e.params ?? {};
  const what: Record<string, () => string> = {
    maximum: () => `${field} moet hoogstens ${String(p.limit)} zijn`,
    minimum: () => `${field} moet minstens ${String(p.limit)} zijn`,
    exclusiveMaximum: () => `${field} moet kleiner zijn dan ${String(p.limit)}`,
    exclusiveMinimum: () => `${field} moet groter zijn dan ${String(p.limit)}`,
    type: () => `${field} moet ${TYPE_NL[String(p.type)] ?? String(p.type)} zijn`,
    maxLength: () => `${field} mag hoogstens ${String(p.limit)} tekens hebben`,
    minLength: () => `${field} moet minstens ${String(p.limit)} teken(s) hebben`,
    maxItems: () => `${field} mag hoogstens ${String(p.limit)} items hebben`,
    minItems: () => `${field} moet minstens ${String(p.limit)} items hebben`,
    enum: () => `${field} heeft een onbekende waarde`,
    required: () => `${field} mist het verplichte veld ${String(p.missingProperty)}`,
    pattern: () => `${field} heeft niet de verwachte vorm`,
    additionalProperties: () => `${field} heeft een onbekend veld ${String(p.additionalProperty)}`,
  };
  return `Ongeldige invoer: ${what[e.keyword]?.() ?? `${field} is niet geldig`}.`;
}
