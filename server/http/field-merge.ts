/**
 * No silent lost update for a queued edit of a shared record (issue 36). The form sends, beside the
 * values to save, `base`: the editable fields as the teacher saw them when she opened the form. Per
 * field present in both: unchanged by her (mine = base) keeps what is stored now; changed by her
 * while nobody else changed it (current = base), or changed the same way (current = mine), takes
 * hers; changed by her and by someone else differently is a conflict, answered 409 with both values
 * and nothing written. The grade conflict (portfolios saveFeedbackStatus, previousStatus) is the same
 * idea for one field and keeps its own shape.
 */
import { conflict, type HttpError } from '../http-error';

interface FieldConflict {
  field: string;
  /** The field's label as the form shows it. */
  label: string;
  mine: unknown;
  theirs: unknown;
}

/**
 * Form values compare as the form means them: empty ('' , null, absent) is one value, a list of ids
 * is a set, a boolean equals its 0/1 (the wishlist's `active`). Only for comparing; the values
 * written are the ones sent or stored.
 */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify([...new Set(value.map((v) => JSON.stringify(comparable(v))))].sort());
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

const sameValue = (a: unknown, b: unknown): boolean => comparable(a) === comparable(b);

/** The named fields of a body schema's type, without the index signature FromSchema adds. */
type Known<B> = keyof { [K in keyof B as string extends K ? never : number extends K ? never : K]: B[K] } & string;

interface MergeOutcome<B> {
  /** The body to save: her changes over what is stored now. */
  merged: B;
  conflicts: FieldConflict[];
}

/**
 * Merges one edit. `current` holds the stored values under the body's field names; `labels` names
 * every field that may be merged (a field without a label is not merged: it is taken as sent).
 */
function mergeFields<B extends object>(
  body: B,
  base: object | undefined,
  current: object,
  labels: Partial<Record<Known<B>, string>>,
): MergeOutcome<B> {
  if (!base) return { merged: body, conflicts: [] };
  const merged = { ...body } as Record<string, unknown>;
  const conflicts: FieldConflict[] = [];
  for (const [field, label] of Object.entries(labels) as [string, string][]) {
    if (!Object.hasOwn(body, field) || !Object.hasOwn(base, field)) continue;
    const mine = (body as Record<string, unknown>)[field];
    const seen = (base as Record<string, unknown>)[field];
    const now = (current as Record<string, unknown>)[field];
    if (sameValue(mine, seen)) merged[field] = now;
    else if (!sameValue(now, seen) && !sameValue(now, mine)) conflicts.push({ field, label, mine, theirs: now });
  }
  return { merged: merged as B, conflicts };
}

/** The 409 of a merge with conflicts: her values, the other ones, and the record as the form reads it. */
function editConflict(message: string, conflicts: FieldConflict[], current: unknown): HttpError {
  return conflict(message, { reason: 'conflict', conflicts, current });
}

/**
 * Merges or refuses: the body merged (without `base`) when no field conflicts; else a 409 with a
 * Dutch message that names the record and `record()`, the record as the form reads it (loaded only
 * on a conflict).
 */
export async function mergeOrRefuse<B extends { base?: object }>(
  body: B,
  current: object,
  labels: Partial<Record<Exclude<Known<B>, 'base'>, string>>,
  refusal: { message: string; record: () => Promise<unknown> },
): Promise<B> {
  const { base, ...rest } = body;
  const { merged, conflicts } = mergeFields(rest as B, base, current, labels as Partial<Record<Known<B>, string>>);
  if (conflicts.length) throw editConflict(refusal.message, conflicts, await refusal.record());
  return merged;
}
