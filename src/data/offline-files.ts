/**
 * The files 'Offline beschikbaar maken' kept on this device, for the exams screen that opens them:
 * apart from offline-copy.ts, so that screen does not load the run and the catalogue it plans from.
 */
import { documents } from '../api/documents/endpoints';
import { endpointUrl } from '../api/request';
import { OFFLINE_FILES } from '../offline/file-store';

/** Where a prepared file is opened offline; the worker answers it from the offline copy (sw/sw.ts). */
const offlineFileUrl = (fileId: string): string => endpointUrl(documents.file, { params: { id: fileId } });

/** The same, as a download (an exam: 'Toets downloaden' downloads online too, with `download=1`). */
export const offlineDownloadUrl = (fileId: string): string => `${offlineFileUrl(fileId)}?download=1`;

/** Whether 'Offline beschikbaar maken' kept this file (an exam, a document) on this device. */
export async function hasOfflineFile(fileId: string): Promise<boolean> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return false;
  return (await caches.match(offlineFileUrl(fileId), { cacheName: OFFLINE_FILES }).catch(() => undefined)) !== undefined;
}
