/**
 * A grade queued offline that the server refused because the block was graded in the meantime, by a
 * colleague or by this teacher on another device (409 with `current`, server/areas/portfolios/handlers.ts).
 * The modal shows it beside the block, so the teacher decides: never a silent overwrite, never a silent drop.
 */
import { api } from '../../api/catalogue';
import type { BlockStatus, GradedBy } from '../../api/portfolios/types';
import { endpointId } from '../../data/endpoint-ids';
import { gradeLabel } from './grades';
import type { OutboxEntry } from '../../data/use-sync-status';

export interface GradeConflict {
  /** The outbox entry to discard once the teacher decided. */
  seq: number;
  key: string;
  /** The grade now on the server. */
  current: BlockStatus;
  /** Who gave it; null when the server did not say (a refusal from before it recorded the grader). */
  gradedBy: GradedBy;
  /** The grade this teacher gave offline. */
  mine: BlockStatus;
}

export function gradeConflicts(failed: readonly OutboxEntry[], itemId: number): GradeConflict[] {
  const gradeId = endpointId(api.portfolios.saveFeedbackStatus);
  const out: GradeConflict[] = [];
  for (const entry of failed) {
    if (entry.endpointId !== gradeId || entry.error?.status !== 409 || entry.seq === undefined) continue;
    const body = entry.args.body as { portfolioItemId?: number; key?: string; status?: BlockStatus } | undefined;
    const current = (
      entry.error.body as { current?: { status?: BlockStatus; key?: string; portfolioItemId?: number; gradedBy?: GradedBy } } | undefined
    )?.current;
    if (!body || body.portfolioItemId !== itemId || !current) continue;
    out.push({
      seq: entry.seq,
      key: current.key ?? body.key ?? '',
      current: current.status ?? '',
      gradedBy: current.gradedBy ?? null,
      mine: body.status ?? '',
    });
  }
  return out;
}

/** The sentence beside a conflict: 'Een collega' only when it was one (issue 28 item 27). */
export function conflictText(c: GradeConflict, part: 'dit onderdeel' | 'een onderdeel'): string {
  const theirs = gradeLabel(c.current);
  const mine = gradeLabel(c.mine);
  if (c.gradedBy === 'self')
    return `Je hebt ${part} intussen op een ander apparaat anders beoordeeld: ${theirs}. Op dit apparaat: ${mine}.`;
  if (c.gradedBy === 'colleague') return `Een collega heeft ${part} intussen anders beoordeeld: ${theirs}. Jouw beoordeling: ${mine}.`;
  return `${part === 'dit onderdeel' ? 'Dit' : 'Een'} onderdeel is intussen anders beoordeeld: ${theirs}. Jouw beoordeling: ${mine}.`;
}

/** The button that keeps the grade on the server. */
export const keepTheirsLabel = (c: GradeConflict): string =>
  c.gradedBy === 'colleague' ? 'Beoordeling van collega houden' : 'Andere beoordeling houden';
