/**
 * A queued edit of a shared record (student profile, class, document, wishlist idea) that the server
 * refused because a colleague changed the same field meanwhile (409, reason 'conflict', both values
 * per field: server/http/field-merge.ts). Read from a refused outbox entry or from a refusal the
 * form got at once; the teacher then chooses, never a silent overwrite or drop.
 */
import { findEndpoint } from '../api/catalogue';
import { ApiCallError } from '../api/request';
import { discardChange, type OutboxEntry } from './use-sync-status';
import { submitWrite, type WriteOutcome } from './writes';

interface FieldConflict {
  field: string;
  /** The field's label as the form shows it. */
  label: string;
  mine: unknown;
  theirs: unknown;
}

export interface EditConflict {
  /** The refused outbox entry; absent when the form got the refusal at once (nothing was kept). */
  seq?: number;
  endpointId: string;
  label: string;
  /** The write as it was queued: body with `base`. */
  args: OutboxEntry['args'];
  message: string;
  fields: FieldConflict[];
  /** The record as it is on the server now. */
  current: unknown;
}

interface ConflictBody {
  error?: { message?: string; reason?: string; conflicts?: FieldConflict[]; current?: unknown };
  reason?: string;
  conflicts?: FieldConflict[];
  current?: unknown;
}

/** The conflict of a refused body, wherever the server put its parts (beside `error` or in it). */
function parse(status: number | undefined, raw: unknown): Pick<EditConflict, 'message' | 'fields' | 'current'> | null {
  if (status !== 409 || !raw || typeof raw !== 'object') return null;
  const body = raw as ConflictBody;
  const reason = body.reason ?? body.error?.reason;
  const fields = body.conflicts ?? body.error?.conflicts;
  if (reason !== 'conflict' || !Array.isArray(fields) || fields.length === 0) return null;
  return { message: body.error?.message ?? 'Een collega heeft dit intussen ook gewijzigd.', fields, current: body.current ?? body.error?.current };
}

export function conflictOfEntry(entry: OutboxEntry): EditConflict | null {
  if (entry.state !== 'failed') return null;
  const found = parse(entry.error?.status, entry.error?.body);
  return found && { ...found, seq: entry.seq, endpointId: entry.endpointId, label: entry.label, args: entry.args };
}

/** The conflict of a refusal a form got at once (the entry was dropped: refusalToCaller). */
export function conflictOfError(err: unknown, endpointId: string, label: string, args: OutboxEntry['args']): EditConflict | null {
  if (!(err instanceof ApiCallError)) return null;
  const found = parse(err.status, err.body);
  return found && { ...found, endpointId, label, args };
}

/**
 * The edit again, as a new change (a new Idempotency-Key): her values, with `base` now what the
 * colleague saved for the fields in conflict, so the server takes hers there. The other fields keep
 * the base she saw: a field only the colleague changed stays the colleague's. The refused entry goes.
 */
export function rebased(conflict: EditConflict): OutboxEntry['args'] {
  const body = (conflict.args.body ?? {}) as Record<string, unknown>;
  const base = { ...((body.base as Record<string, unknown> | undefined) ?? {}) };
  for (const f of conflict.fields) base[f.field] = f.theirs;
  return { ...conflict.args, body: { ...body, base } };
}

export async function keepMine(conflict: EditConflict, opts: { refusalToCaller?: boolean } = {}): Promise<WriteOutcome<unknown>> {
  const def = findEndpoint(conflict.endpointId);
  if (!def) throw new Error(`unknown endpoint ${conflict.endpointId}`);
  // Queued before the old entry goes: a crash in between leaves the teacher's change, never nothing.
  const outcome = submitWrite(def, rebased(conflict), conflict.label, opts);
  if (conflict.seq !== undefined) {
    const seq = conflict.seq;
    // Answered or refused, the new entry was queued; any other failure (IndexedDB) keeps the old one.
    return outcome.then(
      async (out) => {
        await discardChange(seq);
        return out;
      },
      async (err: unknown) => {
        if (err instanceof ApiCallError) await discardChange(seq);
        throw err;
      },
    );
  }
  return outcome;
}

/** Keeps the colleague's values: her change is dropped. */
export async function keepTheirs(conflict: EditConflict): Promise<void> {
  if (conflict.seq !== undefined) await discardChange(conflict.seq);
}
