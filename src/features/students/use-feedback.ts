/**
 * The feedback modal's data for this feature: the detail, the three queueable writes and the refused
 * outbox entries, handed to the shared modal logic in src/ui/portfolio-feedback. The portfolios page
 * wires the same in its own folder (features do not import each other).
 */
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { registerPatch } from '../../data/optimistic';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { discardChange, useSyncStatus } from '../../data/use-sync-status';
import { useWrite } from '../../data/use-write';
import { feedbackPatches } from '../../ui/portfolio-feedback/feedback-patches';
import { useFeedbackActions } from '../../ui/portfolio-feedback/use-feedback-actions';

for (const [id, patch] of Object.entries(feedbackPatches(() => session.user?.name ?? ''))) registerPatch(id, patch);

export function useFeedback(itemId: number | null) {
  const { user } = useSnapshot(session);
  const detail = useRead(api.portfolios.details, { params: { id: itemId ?? 0 } }, { enabled: itemId !== null });
  const save = useWrite(api.portfolios.saveFeedback);
  const remove = useWrite(api.portfolios.removeFeedback);
  const grade = useWrite(api.portfolios.saveFeedbackStatus);
  const { failed } = useSyncStatus();
  return useFeedbackActions({
    detail: itemId !== null && detail.data?.id === itemId ? detail.data : undefined,
    loading: detail.loading,
    failed,
    teacherId: user?.id,
    saveFeedback: (body, label) => save.send({ body }, label),
    removeFeedback: (feedbackId, label) => remove.send({ params: { feedbackId } }, label),
    saveFeedbackStatus: (body, label) => grade.send({ body }, label),
    discard: discardChange,
    reload: detail.reload,
  });
}
