/**
 * A grade queued offline that the server refused because a colleague graded the block in the
 * meantime (409 with `current`, server/areas/portfolios/handlers.ts). The modal shows it beside the
 * block, so the teacher decides: never a silent overwrite, never a silent drop.
 */
import { api } from '../../api/catalogue';
import type { BlockStatus } from '../../api/portfolios/types';
import { endpointId } from '../../data/endpoint-ids';
import type { OutboxEntry } from '../../data/use-sync-status';

export interface GradeConflict {
  /** The outbox entry to discard once the teacher decided. */
  seq: number;
  key: string;
  /** The colleague's grade, now on the server. */
  current: BlockStatus;
  /** The grade this teacher gave offline. */
  mine: BlockStatus;
}

export function gradeConflicts(failed: readonly OutboxEntry[], itemId: number): GradeConflict[] {
  const gradeId = endpointId(api.portfolios.saveFeedbackStatus);
  const out: GradeConflict[] = [];
  for (const entry of failed) {
    if (entry.endpointId !== gradeId || entry.error?.status !== 409 || entry.seq === undefined) continue;
    const body = entry.args.body as { portfolioItemId?: number; key?: string; status?: BlockStatus } | undefined;
    const current = (entry.error.body as { current?: { status?: BlockStatus; key?: string; portfolioItemId?: number } } | undefined)?.current;
    if (!body || body.portfolioItemId !== itemId || !current) continue;
    out.push({ seq: entry.seq, key: current.key ?? body.key ?? '', current: current.status ?? '', mine: body.status ?? '' });
  }
  return out;
}
