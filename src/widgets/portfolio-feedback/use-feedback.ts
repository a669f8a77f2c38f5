/**
 * The feedback modal's data and what it does with a teacher's taps, for the portfolios page and the
 * student profile alike. The three writes are queueable without refusalToCaller: a refusal stays
 * under 'Niet verzonden' in the header and, for a grade conflict, shows in the modal too.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { BlockStatus, PortfolioDetail } from '../../api/portfolios/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { discardChange, useSyncStatus } from '../../data/use-sync-status';
import { useWrite } from '../../data/use-write';
import { gradeConflicts, type GradeConflict } from './conflicts';
import { feedbackPatches } from './feedback-patches';

type Sent = Promise<{ queued: boolean }>;

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

export function useFeedback(itemId: number | null): FeedbackActions {
  const { user } = useSnapshot(session);
  const read = useRead(api.portfolios.details, { params: { id: itemId ?? 0 } }, { enabled: itemId !== null, patches: feedbackPatches });
  const save = useWrite(api.portfolios.saveFeedback);
  const remove = useWrite(api.portfolios.removeFeedback);
  const grade = useWrite(api.portfolios.saveFeedbackStatus);
  const { failed } = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detail = itemId !== null && read.data?.id === itemId ? read.data : undefined;
  const teacherId = user?.id;

  /** Runs one write; a delivered one reloads the detail so the modal shows what the server holds. */
  const run = async (write: () => Sent): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await write();
      if (!outcome.queued) await read.reload();
      return true;
    } catch (err) {
      // Refused: the entry is listed under 'Niet verzonden' (a grade conflict also beside its block).
      setError(err instanceof ApiCallError ? err.message : String(err));
      await read.reload();
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
  /** previousStatus: the grade the teacher saw, so the server can tell a colleague's later grade. */
  const sendGrade = (portfolioItemId: number, key: string, status: BlockStatus, previousStatus: BlockStatus) =>
    run(() => grade.send({ body: { portfolioItemId, key, teacherId, status, previousStatus } }, label('Beoordeling')));

  return {
    detail,
    loading: read.loading,
    busy,
    error,
    conflicts: detail ? gradeConflicts(failed, detail.id) : [],
    onAddComment: async (key, text) => {
      const message = text.trim();
      if (!detail || !message || !blockOf(key)) return false;
      return run(() => save.send({ body: { portfolioItemId: detail.id, key, teacherId, message, readAt: null } }, label('Feedback')));
    },
    onDelete: async (feedbackId) => {
      await run(() => remove.send({ params: { feedbackId } }, label('Feedback verwijderen')));
    },
    onGrade: async (key, status) => {
      const block = blockOf(key);
      if (!detail || !block || block.status === status) return;
      await sendGrade(detail.id, key, status, block.status);
    },
    onKeepMine: async (conflict) => {
      if (!detail) return;
      try {
        await sendGrade(detail.id, conflict.key, conflict.mine, conflict.current);
      } finally {
        // The new write (sent, queued or refused on its own) replaces the refused one.
        await discardChange(conflict.seq);
      }
    },
    onKeepTheirs: async (conflict) => {
      await discardChange(conflict.seq);
      await read.reload();
    },
  };
}
