/** The licences screen (part 2 §7 Licenties): licences per module and the intention to extend. */
import type { api } from '../../../src/api/catalogue';
import type { Handlers } from '../../http/handler';
import { badRequest, notFound } from '../../http-error';
import { extendInfoOf, licencesOf, saveExtendInfo } from './queries';

export const licencesHandlers: Handlers<typeof api.licences> = {
  list: async ({ db, user }) => licencesOf(db, user.organisationId),

  extendInfo: async ({ db, user }) => {
    const row = await extendInfoOf(db, user.organisationId);
    if (!row) throw notFound();
    return row;
  },

  saveExtendInfo: async ({ db, user, body }) => {
    const email = (body.extendContactEmail ?? '').trim();
    if (body.extendIntention && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw badRequest('Vul een geldig e-mailadres van de contactpersoon in.', { extendContactEmail: 'Vul een geldig e-mailadres in.' });
    }
    await saveExtendInfo(db, user.organisationId, body.extendIntention, email);
    return { extendIntention: body.extendIntention, extendContactEmail: email };
  },
};
