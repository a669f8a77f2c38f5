/** The licences screen (part 2 §7 Licenties): licences per module and the intention to extend. */
import type { api } from '../../../src/api/catalogue';
import { mergeOrRefuse } from '../../http/field-merge';
import type { Handlers } from '../../http/handler';
import { badRequest, notFound } from '../../http-error';
import { extendInfoOf, licencesOf, lockExtendInfo, saveExtendInfo } from './queries';

// The extend box's labels (src/features/licences/extend-box.tsx), for a 409 that shows both values.
const EXTEND_LABELS = {
  extendIntention: 'Wij zijn fan! Houd mijn account aan in de zomer.',
  extendContactEmail: 'E-mail contactpersoon',
} as const;

export const licencesHandlers: Handlers<typeof api.licences> = {
  list: async ({ db, user }) => licencesOf(db, user.organisationId),

  extendInfo: async ({ db, user }) => {
    const row = await extendInfoOf(db, user.organisationId);
    if (!row) throw notFound();
    return row;
  },

  saveExtendInfo: async ({ db, user, body: sent }) => {
    // The school's one answer: a queued change with `base` does not silently undo a colleague's (issue 36).
    const record = async () => (await extendInfoOf(db, user.organisationId)) ?? {};
    if (sent.base) await lockExtendInfo(db, user.organisationId);
    const body = sent.base
      ? await mergeOrRefuse(sent, await record(), EXTEND_LABELS, {
          message: 'Een collega heeft het aanhouden van het account in de zomer intussen ook gewijzigd.',
          record,
        })
      : sent;
    const email = (body.extendContactEmail ?? '').trim();
    if (body.extendIntention && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw badRequest('Vul een geldig e-mailadres van de contactpersoon in.', { extendContactEmail: 'Vul een geldig e-mailadres in.' });
    }
    await saveExtendInfo(db, user.organisationId, body.extendIntention, email);
    return { extendIntention: body.extendIntention, extendContactEmail: email };
  },
};
