/**
 * The extend intention is queueable (docs/offline.md): what the teacher chose shows at once, also
 * offline, and falls back by itself when the server refuses it.
 */
import type { ExtendInfo } from '../../api/licences/types';
import { registerPatch } from '../../data/optimistic';

export function applyExtendInfo(body: Partial<ExtendInfo>, current: ExtendInfo | undefined): ExtendInfo {
  return {
    extendIntention: body.extendIntention ?? current?.extendIntention ?? false,
    extendContactEmail: (body.extendContactEmail ?? current?.extendContactEmail ?? '').trim(),
  };
}

registerPatch('licences.saveExtendInfo', (readId, data, entry) =>
  readId === 'licences.extendInfo' ? applyExtendInfo(entry.args.body as Partial<ExtendInfo>, data as ExtendInfo | undefined) : data,
);
