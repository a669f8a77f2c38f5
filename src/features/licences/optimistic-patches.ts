/**
 * The extend intention is queueable (docs/offline.md): what the teacher chose shows at once, also
 * offline, and falls back by itself when the server refuses it.
 */
import { api } from '../../api/catalogue';
import type { ExtendInfo } from '../../api/licences/types';
import { patch } from '../../data/optimistic';

function applyExtendInfo(body: Partial<ExtendInfo>, current: ExtendInfo | undefined): ExtendInfo {
  return {
    extendIntention: body.extendIntention ?? current?.extendIntention ?? false,
    extendContactEmail: (body.extendContactEmail ?? current?.extendContactEmail ?? '').trim(),
  };
}

export const extendInfoPatches = [
  patch(api.licences.saveExtendInfo, api.licences.extendInfo, (info, entry) => applyExtendInfo(entry.args.body, info)),
];
