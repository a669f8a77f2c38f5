/**
 * A form's conflict with a colleague (src/data/edit-conflicts.ts): the refusal it got at once, or its refused
 * entry in the outbox when the answer came while the form is open (the change had been queued).
 */
import { useMemo, useState } from 'react';
import type { EndpointDef } from '../../api/endpoint';
import { endpointId } from '../../data/endpoint-ids';
import { useSyncStatus, type OutboxEntry } from '../../data/use-sync-status';
import type { WriteOutcome } from '../../data/writes';
import { conflictOfEntry, conflictOfError, keepMine, keepTheirs, rebased, type EditConflict } from '../../data/edit-conflicts';

export interface EditConflictState {
  conflict: EditConflict | null;
  /** From the form's catch: true when the refusal was a conflict (now shown). */
  caught(err: unknown, args: OutboxEntry['args'], label: string): boolean;
  /** 'Mijn wijziging toch opslaan': sent again; a new conflict is shown in its place. */
  keepMine(): Promise<WriteOutcome<unknown> | null>;
  /** 'Wijziging van collega houden': her change is dropped; the record as it is now. */
  keepTheirs(): Promise<unknown>;
}

export function useEditConflict(def: EndpointDef, recordId: number): EditConflictState {
  const id = endpointId(def);
  const { failed } = useSyncStatus();
  const [immediate, setImmediate] = useState<EditConflict | null>(null);
  const queued = useMemo(
    () =>
      failed
        .filter((e) => e.endpointId === id && (e.args.body as { id?: number } | undefined)?.id === recordId)
        .map(conflictOfEntry)
        .find((c) => c !== null) ?? null,
    [failed, id, recordId],
  );
  const conflict = immediate ?? queued;
  return {
    conflict,
    caught: (err, args, label) => {
      const found = conflictOfError(err, id, label, args);
      setImmediate(found);
      return found !== null;
    },
    keepMine: async () => {
      if (!conflict) return null;
      setImmediate(null);
      try {
        return await keepMine(conflict, { refusalToCaller: true });
      } catch (err) {
        const again = conflictOfError(err, id, conflict.label, rebased(conflict));
        if (!again) throw err;
        setImmediate(again);
        return null;
      }
    },
    keepTheirs: async () => {
      if (!conflict) return null;
      setImmediate(null);
      await keepTheirs(conflict);
      return conflict.current;
    },
  };
}
