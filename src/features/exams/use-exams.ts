/**
 * The exams of /examinations (part 2 §2 "Exams", §7): the list in the server's order (subject, then
 * B-KGT and BASIS before KGT, part 2 §9) and the download of a file, which asks for a short-lived link
 * (online-only) and then sends the browser there; offline, to the copy 'Offline beschikbaar maken' kept.
 */
import { useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import { hasOfflineFile, offlineDownloadUrl } from '../../data/offline-files';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';

export function useExams(navigateTo: (url: string) => void = (url) => window.location.assign(url)) {
  const exams = useRead(api.exams.list);
  const request = useWrite(api.exams.request);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const download = async (fileId: string) => {
    setError(null);
    setPending(fileId);
    try {
      const outcome = await request.send({ params: { fileId } }, 'Toetsbestand downloaden');
      if (!outcome.queued) navigateTo(outcome.answer.downloadUrl);
    } catch (err) {
      // No network: the copy 'Offline beschikbaar maken' kept, if there is one.
      if (err instanceof ApiCallError && err.isNetwork && (await hasOfflineFile(fileId))) return navigateTo(offlineDownloadUrl(fileId));
      setError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setPending(null);
    }
  };

  return { exams, download, error, pending };
}
