/** Small JSON schemas the catalogue repeats. `as const` keeps them literal so FromSchema can type them. */
import type { JSONSchema } from 'json-schema-to-ts';

export const intId = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

export const email = { type: 'string', maxLength: 254 } as const;

/**
 * The shortest password a teacher or student may choose (invitation, change, a student's password),
 * checked by the form and again by the server. Not the sign-in check of src/lib/validation.ts (6):
 * that one only matches the message part 1 §5 shows (docs/decisions.md).
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;

export const idList = { type: 'array', items: intId, maxItems: 5000 } as const;

/** The params of a path: every placeholder required, nothing else allowed. */
export const pathParams = <const P extends Record<string, JSONSchema>>(properties: P) =>
  ({ type: 'object', properties, required: Object.keys(properties) as (keyof P & string)[], additionalProperties: false }) as const;

export const idParams = pathParams({ id: intId });

/**
 * `base` of a queued edit of a shared record (issue 36): the editable fields as the teacher saw them
 * when she opened the form, so the server can merge her changes with a colleague's (server/http/field-merge.ts).
 */
export const baseOf = <const P extends Record<string, JSONSchema>>(properties: P) => ({ type: 'object', properties }) as const;

/** An object of named fields (a body or a query), and which of them must be there. */
export const fields = <const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
) => ({ type: 'object', properties, ...(required ? { required } : {}) }) as { type: 'object'; properties: P; required: R };

/**
 * An answer's object: every field named is sent (required), except the `optional` ones (absent in
 * some answers, or in copies cached before they existed). additionalProperties false makes the
 * derived type exact; the serialiser drops an unnamed field either way.
 */
export const answerObject = <const P extends Record<string, JSONSchema>, const O extends readonly (keyof P & string)[] = []>(
  properties: P,
  optional?: O,
) =>
  ({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional?.includes(k)) as Exclude<keyof P & string, O[number]>[],
    additionalProperties: false,
  }) as { type: 'object'; properties: P; required: Exclude<keyof P & string, O[number]>[]; additionalProperties: false };

export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
/** A MySQL-style flag the spec's answers carry as 0 or 1. */
export const flag01 = { type: 'integer', enum: [0, 1] } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const nullableInt = { type: ['integer', 'null'] } as const;
export const arrayOf = <const S extends JSONSchema>(items: S) => ({ type: 'array', items }) as const;
/** An object or null: a type list, not anyOf, so the serialiser needs no validation to pick a branch. */
export const orNull = <const S extends { type: 'object' }>(schema: S) =>
  ({ ...schema, type: ['object', 'null'] }) as Omit<S, 'type'> & { type: ['object', 'null'] };
/** `{ message }`: the answer of most writes. */
export const messageAnswer = answerObject({ message: str });
