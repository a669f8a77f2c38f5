/**
 * The extend-intention box (part 2 §2, §4): switching off saves intention false at once with the
 * current e-mail; switching on shows the e-mail field, and 'Opslaan' saves intention true. The save
 * is queueable; a refusal that comes back at once (a bad address) is shown under the field.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { extendInfoPatches } from './optimistic-patches';
import { SAVED_LABEL_MS } from '../../constants';

const EMAIL_REQUIRED = 'Vul het e-mailadres van de contactpersoon in.';
const QUEUED_MESSAGE = 'Je bent offline: je keuze wordt verzonden zodra er weer verbinding is.';

export function useExtendInfo() {
  const info = useRead(api.licences.extendInfo, {}, { patches: extendInfoPatches });
  const save = useWrite(api.licences.saveExtendInfo);
  // What the teacher changed; until then the stored answer is shown.
  const [intention, setIntention] = useState<boolean | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const shownIntention = intention ?? info.data?.extendIntention ?? false;
  const shownEmail = email ?? info.data?.extendContactEmail ?? '';

  const send = async (extendIntention: boolean, refusalToCaller: boolean): Promise<boolean> => {
    setNotice(null);
    try {
      const outcome = await save.send(
        { body: { extendIntention, extendContactEmail: shownEmail.trim() } },
        'Account aanhouden in de zomer',
        { refusalToCaller },
      );
      if (outcome.queued) setNotice(QUEUED_MESSAGE);
      return true;
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      setError(err.errors.extendContactEmail ?? err.message);
      return false;
    }
  };

  const toggle = async (on: boolean) => {
    setIntention(on);
    setError(null);
    setSaved(false);
    if (!on) await send(false, false);
  };

  const submit = async () => {
    setError(null);
    if (!shownEmail.trim()) {
      setError(EMAIL_REQUIRED);
      return;
    }
    if (await send(true, true)) setSaved(true);
  };

  return {
    loading: info.loading && !info.data,
    intention: shownIntention,
    email: shownEmail,
    setEmail: (value: string) => {
      setEmail(value);
      setError(null);
    },
    toggle,
    submit,
    busy: save.busy,
    saved,
    error,
    notice,
  };
}
