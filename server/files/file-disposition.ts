/**
 * How a stored file is answered (issue 28 item 23): PDFs and images open in the browser's own viewer
 * (inline, in the new tab the list opens), every other type downloads. Each answer keeps nosniff and a
 * CSP of its own that allows no script, no fetch and no form. Images and downloads are also
 * sandboxed; a PDF cannot be: Chromium refuses to run its PDF viewer in a sandboxed document and no
 * sandbox token lifts that (docs/decisions.md, "Shared files open inline"). The PDF's type comes
 * from our own sniffing (file-types.ts), so the bytes can never be read as HTML.
 */
import { contentDisposition } from '../http/content-disposition';

const SANDBOXED = "default-src 'none'; sandbox";
// Chromium's image and PDF viewers style their wrapper page with inline styles.
const IMAGE = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const PDF =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const INLINE: Record<string, string> = {
  'application/pdf': PDF,
  'image/png': IMAGE,
  'image/jpeg': IMAGE,
  'image/gif': IMAGE,
};

/** The headers of a file answer; `download` forces a download (an exam link the page navigates to). */
export function fileHeaders(mime: string, filename: string, download: boolean): Record<string, string> {
  const inline = download ? undefined : INLINE[mime];
  return {
    'Content-Disposition': contentDisposition(filename, inline ? 'inline' : 'attachment'),
    'Content-Security-Policy': inline ?? SANDBOXED,
    'X-Content-Type-Options': 'nosniff',
  };
}
