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
export const fields = <const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[] = []>(properties: P, required?: R) =>
  ({ type: 'object', properties, ...(required ? { required } : {}) }) as { type: 'object'; properties: P; required: R };
