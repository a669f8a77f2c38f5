/** Small JSON schemas the catalogue repeats. `as const` keeps them literal so FromSchema can type them. */

export const intId = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

export const idParams = {
  type: 'object',
  properties: { id: intId },
  required: ['id'],
  additionalProperties: false,
} as const;

export const email = { type: 'string', maxLength: 254 } as const;

export const idList = { type: 'array', items: intId, maxItems: 5000 } as const;
