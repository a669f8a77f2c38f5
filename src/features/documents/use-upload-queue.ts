/**
 * Runs uploads one file at a time (part 2 §9) and tells the screen how far it is: which file, of how
 * many, and the fraction sent. A refused file (413, 415, 400) keeps the server's Dutch message and the
 * next file still goes; without a network the rest is not tried, and the message says why.
 */
import { useState } from 'react';
import { ApiCallError } from '../../api/request';
import type { ProgressListener } from './upload-request';

export interface UploadProgress {
  name: string;
  index: number;
  total: number;
  fraction: number;
}

export interface UploadFailure {
  name: string;
  message: string;
}

export function useUploadQueue() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failures, setFailures] = useState<UploadFailure[]>([]);

  /** Resolves with how many files were sent. */
  const run = async (files: File[], send: (file: File, onProgress: ProgressListener) => Promise<void>): Promise<number> => {
    setFailures([]);
    const failed: UploadFailure[] = [];
    let sent = 0;
    for (const [i, file] of files.entries()) {
      setProgress({ name: file.name, index: i + 1, total: files.length, fraction: 0 });
      try {
        await send(file, (fraction) => setProgress({ name: file.name, index: i + 1, total: files.length, fraction }));
        sent++;
      } catch (err) {
        const message = err instanceof ApiCallError ? err.message : String(err);
        failed.push({ name: file.name, message });
        if (err instanceof ApiCallError && err.isNetwork) break;
      }
    }
    setProgress(null);
    setFailures(failed);
    return sent;
  };

  return { run, progress, failures, busy: progress !== null, clearFailures: () => setFailures([]) };
}
