/**
 * What the feedback modal does with a teacher's taps, given the data a feature wired in (src/ui may
 * not import src/data, so each feature passes its useRead/useWrite/useSyncStatus results). The three
 * writes are queueable without refusalToCaller: a refusal stays under 'Niet verzonden' in the header
 * and, for a grade conflict, shows in the modal too.
 */
import { useState } from 'react';
import { ApiCallError } from '../../api/request';
import type { BlockStatus, PortfolioDetail } from '../../api/portfolios/types';
import { gradeConflicts, type FailedWrite, type GradeConflict } from './conflicts';

type Sent = Promise<{ queued: boolean }>;

export interface FeedbackSources {
  detail: PortfolioDetail | undefined;
  loading: boolean;
  failed: readonly FailedWrite[];
  teacherId: number | undefined;
  saveFeedback(body: { portfolioItemId: number; key: string; teacherId?: number; message: string; readAt: null }, label: string): Sent;
  removeFeedback(feedbackId: number, label: string): Sent;
  saveFeedbackStatus(body: { portfolioItemId: number; key: string; teacherId?: number; status: BlockStatus; previousStatus: BlockStatus }, label: string): Sent;
  discard(seq: number): Promise<unknown>;
  reload(): Promise<void>;
}

export interface FeedbackActions {
  detail: PortfolioDetail | undefined;
  loading: boolean;
  busy: boolean;
  error: string | null;
  conflicts: GradeConflict[];
  /** Resolves true when the comment went out (sent or queued), so the field can be cleared. */
  onAddComment(key: string, text: string): Promise<boolean>;
  onDelete(feedbackId: number): Promise<void>;
  onGrade(key: string, status: BlockStatus): Promise<void>;
  onKeepMine(conflict: GradeConflict): Promise<void>;
  onKeepTheirs(conflict: GradeConflict): Promise<void>;
}

export function useFeedbackActions(src: FeedbackSources): FeedbackActions {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detail = src.detail;

  /** Runs one write; a delivered one reloads the detail so the modal shows what the server holds. */
  const run = async (write: () => Sent): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await write();
      if (!outcome.queued) await src.reload();
      return true;
    } catch (err) {
      // Refused: the entry is listed under 'Niet verzonden' (a grade conflict also beside its block).
      setError(err instanceof ApiCallError ? err.message : String(err));
      await src.reload();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const blockOf = (key: string) => {
    const block = detail?.blocks.find((b) => b.key === key);
    // Part 2 §8: feedback for an unknown block key is logged and not sent.
    if (!block) console.warn(`Portfolio: onbekend onderdeel '${key}', niets verzonden.`);
    return block;
  };

  const label = (what: string) => `${what} voor ${detail?.userName ?? 'leerling'} (${detail?.lessonTitle ?? 'portfolio'})`;

  return {
    detail,
    loading: src.loading,
    busy,
    error,
    conflicts: detail ? gradeConflicts(src.failed, detail.id) : [],
    onAddComment: async (key, text) => {
      const message = text.trim();
      if (!detail || !message || !blockOf(key)) return false;
      return run(() => src.saveFeedback({ portfolioItemId: detail.id, key, teacherId: src.teacherId, message, readAt: null }, label('Feedback')));
    },
    onDelete: async (feedbackId) => {
      await run(() => src.removeFeedback(feedbackId, label('Feedback verwijderen')));
    },
    onGrade: async (key, status) => {
      const block = blockOf(key);
      if (!detail || !block || block.status === status) return;
      // previousStatus: the grade the teacher saw, so the server can tell a colleague's later grade.
      await run(() => src.saveFeedbackStatus({ portfolioItemId: detail.id, key, teacherId: src.teacherId, status, previousStatus: block.status }, label('Beoordeling')));
    },
    onKeepMine: async (conflict) => {
      if (!detail) return;
      try {
        await run(() =>
          src.saveFeedbackStatus({ portfolioItemId: detail.id, key: conflict.key, teacherId: src.teacherId, status: conflict.mine, previousStatus: conflict.current }, label('Beoordeling')),
        );
      } finally {
        // The new write (sent, queued or refused on its own) replaces the refused one.
        await src.discard(conflict.seq);
      }
    },
    onKeepTheirs: async (conflict) => {
      await src.discard(conflict.seq);
      await src.reload();
    },
  };
}
