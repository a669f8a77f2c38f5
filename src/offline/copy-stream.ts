/**
 * Reading the two answers of 'Offline beschikbaar maken' as they arrive: the copy (offline/copy) line
 * by line, so entries are stored while the rest is still on its way, and a file bundle
 * (offline/files) frame by frame. The formats are the server's (src/api/offline/endpoints.ts).
 */
import type { OfflineCopyEntry } from '../api/offline/types';

export interface CopyHeader {
  version: string;
  files: string[];
  total: number;
}

/** A stream's text, line by line (the last line too, without its newline). */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    rest += decoder.decode(value, { stream: !done });
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, end);
      rest = rest.slice(end + 1);
    }
    if (done) break;
  }
  if (rest) yield rest;
}

/**
 * The copy: its header first, then its entries. An answer cut off before its closing line throws a
 * TypeError, as a network failure does (retried; nothing of a half copy counts as the new version).
 */
export async function* copyParts(body: ReadableStream<Uint8Array>): AsyncGenerator<CopyHeader | OfflineCopyEntry> {
  let first = true;
  for await (const line of lines(body)) {
    if (first) {
      // `{"version":…,"files":[…],"total":n,"entries":[`: closed here to read it on its own.
      yield JSON.parse(`${line.replace(/,"entries":\[$/, '')}}`) as CopyHeader;
      first = false;
    } else if (line === ']}') return;
    else yield JSON.parse(line.replace(/^,/, '')) as OfflineCopyEntry;
  }
  throw new TypeError('offline copy cut off');
}

export const isHeader = (part: CopyHeader | OfflineCopyEntry): part is CopyHeader => 'version' in part;

export interface BundledFile {
  id: string;
  headers: Record<string, string>;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The files of a bundle: a JSON header line (id, size, headers), then that many bytes, file after file. */
export function bundledFiles(buffer: ArrayBuffer): BundledFile[] {
  const all = new Uint8Array(buffer);
  const out: BundledFile[] = [];
  let at = 0;
  while (at < all.length) {
    const end = all.indexOf(10, at);
    if (end < 0) throw new TypeError('file bundle cut off');
    const head = JSON.parse(new TextDecoder().decode(all.subarray(at, end))) as {
      id: string;
      size: number;
      headers: Record<string, string>;
    };
    if (end + 1 + head.size > all.length) throw new TypeError('file bundle cut off');
    out.push({ id: head.id, headers: head.headers, bytes: all.slice(end + 1, end + 1 + head.size) });
    at = end + 1 + head.size;
  }
  return out;
}
