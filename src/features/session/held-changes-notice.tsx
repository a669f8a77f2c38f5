/**
 * The sign-in page of a shared tablet: changes of a teacher who is not signed in wait here. Only
 * their number shows (whose they are and what they hold is hers); they leave when she signs in, or
 * go when someone deletes them explicitly, after a confirmation with the count.
 */
import { useEffect, useState } from 'react';
import { getOutboxCounts } from '../../data/local-store';
import { deferred } from '../../ui/deferred';

const HeldChanges = deferred(
  async () => (await import('./held-changes')).HeldChanges,
  (run) => (run(), () => undefined),
);

export function HeldChangesNotice() {
  // Counted once without Dexie (the sign-in page loads none for an empty outbox), then followed
  // live (./held-changes.tsx) while there are some: they leave when their teacher signs in elsewhere.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let live = true;
    void getOutboxCounts(null).then(
      (c) => live && setHeld(c.others > 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return held ? <HeldChanges /> : null;
}
