/**
 * The activity feed of the teacher's current class: the first page polled every 5 s (part 1 §9),
 * earlier pages on request, merged by target (activity-feed.ts), and the check-request decisions.
 * The server answers an unchanged poll with 304 and an ETag; the browser's HTTP cache turns that back
 * into its stored 200, and the worker, finding that ETag on the answer it stored, writes nothing
 * (src/offline/read-through.ts): a quiet poll wakes no screen and renders nothing.
 *
 * Each page names its class. Only pages of the class shown are merged: a poll sent before a class
 * change may answer after it, and merged, its rows would stay among the new class's until a reload.
 */
import { notifications } from '@mantine/notifications';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Activity, FeedPage } from '../../api/dashboard/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { mayHaveMore, mergeActivities } from './activity-feed';
import { feedPatches, pageOf } from './optimistic-patches';
import { ACTIVITY_POLL_MS } from '../../constants';

export type Decision = 'approve' | 'reject';

const EMPTY: Activity[] = [];

/** The rows on screen and the class they are of. */
interface Shown {
  classroomId: number | null;
  rows: Activity[];
}

/** No class awaited: the feed follows the class the server names (also one chosen on another device). */
const ANY = Symbol('any class');

export function useActivityFeed() {
  const { config } = useSnapshot(session);
  const first = useRead(api.dashboard.activities, {}, { pollMs: ACTIVITY_POLL_MS, patches: feedPatches });
  const [offset, setOffset] = useState(0);
  const earlier = useRead(api.dashboard.activitiesEarlier, { params: { offset } }, { enabled: offset > 0, patches: feedPatches });
  const [shown, setShown] = useState<Shown | null>(null);
  const [lastPageLength, setLastPageLength] = useState<number | undefined>(undefined);
  // After the teacher chose a class: pages of any other class are answers from before the change.
  const [awaited, setAwaited] = useState<number | typeof ANY>(ANY);
  const handledFirst = useRef<unknown>(null);
  const handledEarlier = useRef<unknown>(null);
  const approve = useWrite(api.dashboard.approveCheck);
  const reject = useWrite(api.dashboard.rejectCheck);
  const firstPage = pageOf(first.data);
  const shownClass = shown?.classroomId;

  useEffect(() => {
    // Each first page once (a change in the outbox hands out the same stored page anew, patched).
    if (!firstPage || firstPage === handledFirst.current || (awaited !== ANY && firstPage.classroomId !== awaited)) return;
    handledFirst.current = firstPage;
    // The feed keeps every page it was given (earlier pages too), so each new first page of the same
    // class is merged into that list; a page of another class starts the list anew.
    // A transition, as the answer was (src/data/use-local.ts): the rows render in slices, not in one task.
    const page: FeedPage = firstPage;
    const sameClass = shownClass !== undefined && shownClass === page.classroomId;
    startTransition(() => {
      setAwaited(ANY);
      setShown((current) => ({
        classroomId: page.classroomId,
        rows: mergeActivities(sameClass && current ? current.rows : [], page.activities),
      }));
      if (!sameClass) {
        setOffset(0);
        handledEarlier.current = null;
      }
      setLastPageLength((n) => (offset === 0 || !sameClass ? page.activities.length : n));
    });
  }, [firstPage, awaited, shownClass, offset]);

  const earlierPage = pageOf(earlier.data);
  useEffect(() => {
    // After the offset changes, the hook briefly still holds the previous page: skip what was merged.
    // A stored page of another class (loaded before a class change) waits for the network's.
    if (offset === 0 || !earlierPage || earlierPage === handledEarlier.current || earlierPage.classroomId !== shownClass) return;
    handledEarlier.current = earlierPage;
    const page = earlierPage;
    startTransition(() => {
      setShown((current) => (current ? { ...current, rows: mergeActivities(current.rows, page.activities) } : current));
      setLastPageLength(page.activities.length);
    });
  }, [earlierPage, offset, shownClass]);

  const rows = shown?.rows ?? EMPTY;
  const loadEarlier = useCallback(() => setOffset(rows.length), [rows.length]);

  /**
   * After the server took the teacher's choice of class `id`: drop the old class's rows and fetch anew.
   * Till a page of `id` is in, the pages that come (stored, or a poll sent before the change) are skipped.
   */
  const restart = useCallback(
    async (id: number) => {
      setAwaited(id);
      setShown(null);
      setOffset(0);
      setLastPageLength(undefined);
      handledFirst.current = null;
      handledEarlier.current = null;
      await first.reload();
    },
    [first],
  );

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
    // Till the new class's first page is in (or one of this version's), the loader rather than 'no activities'.
    loading: first.loading || awaited !== ANY || (first.data !== undefined && !firstPage),
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
