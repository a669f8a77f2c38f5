/**
 * The privacy tab's data and actions (issue 31.2): the fresh counts, retention and access log
 * (students/privacy, never cached), the ZIP download and the definitive deletion. All three need the
 * network now; offline each says so in Dutch instead of queueing.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/catalogue';
import { buildRequestInit, endpointUrl, readAnswer, ApiCallError } from '../../api/request';
import type { StudentPrivacy } from '../../api/students/types';
import { apiFetch, call, withHeaders } from '../../data/api-client';
import { session } from '../../data/session';
import { useWrite } from '../../data/use-write';
import { EXPORT_URL_REVOKE_MS } from '../../constants';

const PRIVACY_OFFLINE = 'Privacygegevens, downloaden en definitief verwijderen kunnen alleen met een internetverbinding.';
const EXPORT_OFFLINE = 'Gegevens downloaden kan alleen met een internetverbinding. Probeer het opnieuw als je weer online bent.';

const messageOf = (err: unknown, offline: string) => (err instanceof ApiCallError ? (err.isNetwork ? offline : err.message) : String(err));

/** Saves a blob under a name through a temporary link: the browser's own download. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), EXPORT_URL_REVOKE_MS);
}

export function useStudentPrivacy(id: number) {
  const [data, setData] = useState<StudentPrivacy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const erase = useWrite(api.students.erase);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await call(api.students.privacy, { params: { id } }));
      setError(null);
    } catch (err) {
      setError(messageOf(err, PRIVACY_OFFLINE));
    } finally {
      setLoading(false);
    }
  }, [id]);
  // The first load says at once that it loads, as any fetch does.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => void load(), [load]);

  /** Resolves null when the ZIP was handed to the browser, else the Dutch reason. */
  const download = async (): Promise<string | null> => {
    if (!navigator.onLine) return EXPORT_OFFLINE;
    setExporting(true);
    try {
      const args = { params: { id } };
      const init = buildRequestInit(api.students.exportData, args);
      const url = endpointUrl(api.students.exportData, args, session.config.api_url);
      const res = await apiFetch(
        (headers, signal) => fetch(url, { ...init, headers: withHeaders(init, headers), credentials: 'same-origin', signal }),
        { networkMessage: EXPORT_OFFLINE },
      );
      if (!res.ok) await readAnswer(res);
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `gegevens-leerling-${id}.zip`;
      saveBlob(await res.blob(), name);
      void load();
      return null;
    } catch (err) {
      return messageOf(err, EXPORT_OFFLINE);
    } finally {
      setExporting(false);
    }
  };

  /** Resolves null when she is gone, else the Dutch reason. */
  const eraseStudent = async (label: string): Promise<string | null> => {
    if (!navigator.onLine) return PRIVACY_OFFLINE;
    try {
      await erase.send({ params: { id } }, label);
      return null;
    } catch (err) {
      return messageOf(err, PRIVACY_OFFLINE);
    }
  };

  return { data, error, loading, reload: load, download, exporting, eraseStudent, erasing: erase.busy };
}
