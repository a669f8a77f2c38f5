/**
 * The activity feed of the teacher's current class: the first page polled every 5 s (part 1 §9),
 * earlier pages on request, merged by target (activity-feed.ts), and the check-request decisions.
 * The server answers an unchanged poll with 304 and an ETag; the browser's HTTP cache turns that
 * back into the stored 200 before our code sees it, so a quiet poll costs no body and no re-render.
 */
import { notifications } from '@mantine/notifications';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Activity } from '../../api/dashboard/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { mayHaveMore, mergeActivities } from './activity-feed';
import { feedPatches } from './optimistic-patches';
import { ACTIVITY_POLL_MS } from '../../constants';

export type Decision = 'approve' | 'reject';

export function useActivityFeed() {
  const { config } = useSnapshot(session);
  const first = useRead(api.dashboard.activities, {}, { pollMs: ACTIVITY_POLL_MS, patches: feedPatches });
  const [offset, setOffset] = useState(0);
  const earlier = useRead(api.dashboard.activitiesEarlier, { params: { offset } }, { enabled: offset > 0, patches: feedPatches });
  const [rows, setRows] = useState<Activity[]>([]);
  const [lastPageLength, setLastPageLength] = useState<number | undefined>(undefined);
  // After a class change (ms since epoch): first pages stored before then belong to the old class.
  const [newClassSince, setNewClassSince] = useState<number | null>(null);
  const handledEarlier = useRef<unknown>(null);
  const approve = useWrite(api.dashboard.approveCheck);
  const reject = useWrite(api.dashboard.rejectCheck);

  useEffect(() => {
    // By updatedAt, not by identity: a change in the outbox hands out the same cached page anew, and a
    // poll sent before the change may be stored after the cached page was read.
    if (!first.data || (newClassSince !== null && (first.updatedAt ?? 0) < newClassSince)) return;
    // The feed keeps every page it was given (earlier pages too), so each new first page is merged
    // into that list: it cannot be computed from the current answer alone.
    // A transition, as the answer was (src/data/use-local.ts): the rows render in slices, not in one task.
    const page = first.data;
    startTransition(() => {
      setNewClassSince(null);
      setRows((current) => mergeActivities(current, page));
      setLastPageLength((n) => (offset === 0 ? page.length : n));
    });
  }, [first.data, first.updatedAt, newClassSince, offset]);

  useEffect(() => {
    // After the offset changes, the hook briefly still holds the previous page: skip what was merged.
    if (offset === 0 || !earlier.data || earlier.data === handledEarlier.current) return;
    handledEarlier.current = earlier.data;
    const page = earlier.data;
    startTransition(() => {
      setRows((current) => mergeActivities(current, page));
      setLastPageLength(page.length);
    });
  }, [earlier.data, offset]);

  const loadEarlier = useCallback(() => setOffset(rows.length), [rows.length]);

  /**
   * After the current class changed on the server: drop the old class's rows and fetch anew. The
   * first page of the old class stays cached under the same key until the reload answers, so what was
   * stored before now is skipped; merged, it would mix both classes' rows.
   */
  const restart = useCallback(async () => {
    setNewClassSince(Date.now());
    setRows([]);
    setOffset(0);
    setLastPageLength(undefined);
    handledEarlier.current = null;
    await first.reload();
  }, [first]);

  const decide = async (activity: Activity, decision: Decision) => {
    if (activity.targetId === null) return;
    const who = `${activity.userName} (${activity.lessonName ?? 'les'})`;
    const write = decision === 'approve' ? approve : reject;
    try {
      const outcome = await write.send(
        { params: { id: activity.targetId } },
        decision === 'approve' ? `Goedkeuren: ${who}` : `Afkeuren: ${who}`,
      );
      if (!outcome.queued) await first.reload();
    } catch (err) {
      // Refused (expired, withdrawn, decided by a colleague): the reason, and the real status.
      notifications.show({
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
        color: 'red',
        title: 'Niet gelukt',
        message: err instanceof ApiCallError ? err.message : String(err),
      });
      await first.reload();
    }
  };

  return {
    rows,
    // Till the new class's first page is in, the loader rather than 'no activities'.
    loading: first.loading || newClassSince !== null,
    stale: first.stale,
    updatedAt: first.updatedAt,
    /** A first page is merged into `rows` (an effect after its answer): the feed's table is there. */
    answered: lastPageLength !== undefined,
    error: first.error,
    loadingEarlier: offset > 0 && earlier.loading,
    hasMore: mayHaveMore(lastPageLength, config.portal_max_activities),
    loadEarlier,
    restart,
    decide,
    deciding: approve.busy || reject.busy,
  };
}
