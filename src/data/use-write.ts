/**
 * useWrite: sends a write from the catalogue. Online-only writes say plainly in Dutch that they need
 * a connection; queueable writes go through the outbox (src/offline/outbox.ts).
 */
import { useCallback, useState } from 'react';
import type { AnswerOf, EndpointDef } from '../api/endpoint';
import type { CallArgs } from '../api/request';
import type { QueueOptions } from './outbox-client';
import { submitWrite, type WriteOutcome } from './writes';

export function useWrite<E extends EndpointDef>(def: E) {
  const [busy, setBusy] = useState(false);
  const send = useCallback(
    async (args: CallArgs = {}, label?: string, opts?: QueueOptions): Promise<WriteOutcome<AnswerOf<E>>> => {
      setBusy(true);
      try {
        return await submitWrite(def, args, label, opts);
      } finally {
        setBusy(false);
      }
    },
    [def],
  );
  return { send, busy };
}
