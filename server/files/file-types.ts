/**
 * The upload allow-list. A file passes only when its extension is allowed AND its first bytes look
 * like that kind of file, so an executable renamed to .pdf is refused. The stored mime type comes
 * from this table, never from the client's Content-Type.
 */

interface Kind {
  mime: string;
  sniff: (b: Buffer) => boolean;
}

const startsWith = (b: Buffer, sig: number[] | string, offset = 0) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= offset + bytes.length && b.subarray(offset, offset + bytes.length).equals(bytes);
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
// Office Open XML: a zip that carries [Content_Types].xml and the part folder of its kind.
const ooxml = (folder: string) => (b: Buffer) => startsWith(b, ZIP) && b.includes('[Content_Types].xml') && b.includes(folder);

function isText(b: Buffer): boolean {
  // UTF-8 (optionally with BOM) without control characters other than tab, newlines and form feed.
  for (const byte of b) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const isMp3 = (b: Buffer) => startsWith(b, 'ID3') || (b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);

const KINDS: Record<string, Kind> = {
  pdf: { mime: 'application/pdf', sniff: (b) => startsWith(b, '%PDF-') },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: ooxml('word/') },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: ooxml('xl/') },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniff: ooxml('ppt/') },
  odt: {
    mime: 'application/vnd.oasis.opendocument.text',
    sniff: (b) => startsWith(b, ZIP) && startsWith(b, 'mimetypeapplication/vnd.oasis.opendocument.text', 30),
  },
  txt: { mime: 'text/plain; charset=utf-8', sniff: isText },
  png: { mime: 'image/png', sniff: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mime: 'image/jpeg', sniff: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  jpeg: { mime: 'image/jpeg', sniff: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  gif: { mime: 'image/gif', sniff: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a') },
  mp3: { mime: 'audio/mpeg', sniff: isMp3 },
  mp4: { mime: 'video/mp4', sniff: (b) => startsWith(b, 'ftyp', 4) },
};

/** The mime type to store, or null when the name or the bytes are not on the allow-list. */
export function detectType(filename: string, bytes: Buffer, whole = true): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  const kind = ext ? KINDS[ext] : undefined;
  if (!kind) return null;
  // A streamed .txt was checked chunk by chunk (textChunkChecker); its head may end inside a character.
  if (ext === 'txt' && !whole) return kind.mime;
  if (!kind.sniff(bytes)) return null;
  return kind.mime;
}

/** isText for a file that arrives in chunks: the same rule, with UTF-8 decoded across chunk ends. */
export function textChunkChecker(): { push(chunk: Buffer): boolean; end(): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ok = (fn: () => void) => {
    try {
      fn();
      return true;
    } catch {
      return false;
    }
  };
  return {
    push: (chunk) => {
      for (const byte of chunk) {
        if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
        if (byte === 0x7f) return false;
      }
      return ok(() => decoder.decode(chunk, { stream: true }));
    },
    end: () => ok(() => decoder.decode()),
  };
}

/**
 * Characters no file name keeps: the C0 and C1 controls and DEL (U+0085 is a line break to some
 * readers), the line and paragraph separators U+2028 and U+2029, and the bidi controls (29.11:
 * 'factuur\u202Efdp.exe.pdf' would show as 'factuurfdp.exe.pdf' read backwards). Global, for replace().
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name shown to teachers: no directories, no control, bidi or reserved characters, at most 200
 * characters, the extension kept.
 */
export function sanitiseFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(CONTROL_IN_NAME, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (name.length > 200) {
    const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name || 'bestand';
}
