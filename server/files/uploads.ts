/**
 * Multipart uploads for the document calls and the students' portfolio image. The body is read in a
 * preHandler, after the caller is authorised and before the handler's transaction starts, so a slow
 * upload on school Wi-Fi never holds a database transaction. Each file streams to a temporary file
 * (issue 29.3: never held whole in memory), is size-limited and sniffed against the allow-list on
 * the way, and the temporary file is removed when the answer has gone out. A one-file route refuses
 * a second file before reading it. Uploads count against a per-user rate (RULES.upload).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { RULES } from '../auth/rate-limit';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { badRequest, HttpError, TooManyRequests } from '../http-error';
import { hookRoutes } from '../http/route-hooks';
import { detectType, sanitiseFilename, textChunkChecker } from './file-types';

export interface Upload {
  filename: string;
  mime: string;
  size: number;
  /** The bytes, read again from the temporary file. */
  open(): Readable;
}

export interface ParsedUploads {
  files: Upload[];
  fields: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads: ParsedUploads | null;
    uploadPaths: string[] | null;
  }
}

const MAX_FILES = 5;
// What the allow-list looks at: signatures and, for Office files, the first zip entries' names.
const HEAD_BYTES = 256 * 1024;
const TMP_DIR = join(tmpdir(), 'docentenomgeving-uploads');
const NOT_ALLOWED = 'Dit bestandstype is niet toegestaan.';
const ONE_FILE = 'Stuur één bestand tegelijk.';

const tooLargeMessage = (limit: number) => {
  const mb = limit / (1024 * 1024);
  return `Het bestand is te groot (maximaal ${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB).`;
};

/** Streams one part to `path`, keeping only its first bytes; a .txt is checked chunk by chunk. */
async function spool(file: Readable, path: string, filename: string): Promise<{ head: Buffer; size: number; textOk: boolean }> {
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const text = /\.txt$/i.test(filename) ? textChunkChecker() : null;
  let textOk = true;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        headParts.push(Buffer.from(take));
        headLength += take.length;
      }
      if (text && textOk) textOk = text.push(chunk);
      done(null, chunk);
    },
  });
  await pipeline(file, tap, createWriteStream(path, { flags: 'wx' }));
  if (text && textOk) textOk = text.end();
  return { head: Buffer.concat(headParts), size, textOk };
}

/** Reads the multipart body: files to temporary files (their paths in `paths`), fields as text. */
export async function readUploads(req: FastifyRequest, limit: number, maxFiles = MAX_FILES, oneFile = ONE_FILE): Promise<ParsedUploads> {
  const files: Upload[] = [];
  const fields: Record<string, string> = {};
  const paths = (req.uploadPaths ??= []);
  try {
    for await (const part of req.parts({ limits: { fileSize: limit, files: maxFiles + 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // Refused before a byte of the extra file is read.
      if (files.length >= maxFiles)
        throw maxFiles === 1 ? badRequest(oneFile) : new HttpError(413, `Stuur maximaal ${MAX_FILES} bestanden tegelijk.`);
      const filename = sanitiseFilename(part.filename ?? '');
      await mkdir(TMP_DIR, { recursive: true, mode: 0o700 });
      const path = join(TMP_DIR, randomBytes(16).toString('hex'));
      paths.push(path);
      const { head, size, textOk } = await spool(part.file, path, filename);
      if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      if (size === 0) throw badRequest(`Het bestand ${filename} is leeg.`, { file: 'Dit bestand is leeg.' });
      const mime = textOk ? detectType(filename, head, size <= HEAD_BYTES) : null;
      if (!mime)
        throw new HttpError(415, NOT_ALLOWED, { file: `${filename}: alleen pdf, docx, xlsx, pptx, odt, txt, png, jpg, gif, mp3 en mp4.` });
      files.push({ filename, mime, size, open: () => createReadStream(path) });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(limit), { file: tooLargeMessage(limit) });
    if (code === 'FST_FILES_LIMIT')
      throw maxFiles === 1 ? badRequest(oneFile) : new HttpError(413, `Stuur maximaal ${MAX_FILES} bestanden tegelijk.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Dit formulier bevat te veel velden.');
    if (err instanceof HttpError) throw err;
    throw badRequest('Het bestand kon niet worden gelezen. Probeer het opnieuw.');
  }
  return { files, fields };
}

export interface UploadRoute {
  url: string;
  /** 1 for a route that takes one file (the portfolio image); else up to MAX_FILES. */
  maxFiles: number;
  oneFile?: string;
}

/** Registers multipart parsing and reads the body of the given catalogue routes (Fastify URL form). */
export async function installUploads(
  fastify: FastifyInstance,
  app: Pick<AppContext, 'db' | 'limits'>,
  config: Pick<ServerConfig, 'maxUploadBytes'>,
  routes: readonly UploadRoute[],
): Promise<void> {
  const limit = config.maxUploadBytes;
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: limit, files: MAX_FILES + 1, fields: 10, fieldSize: 1024, parts: MAX_FILES + 11, headerPairs: 100 },
  });
  fastify.decorateRequest('uploads', null);
  fastify.decorateRequest('uploadPaths', null);
  const byUrl = new Map(routes.map((r) => [r.url, r]));
  const isUpload = (route: RouteOptions) => byUrl.has(route.url);
  hookRoutes(fastify, 'preHandler', isUpload, async (req) => {
    const route = byUrl.get(req.routeOptions.url ?? '');
    if (!route) return;
    if (!req.isMultipart()) throw new HttpError(415, 'Stuur het bestand als multipart/form-data.');
    // Counted before the body is read: a flood of uploads costs a row, not the bytes.
    const user = req.sessionUser;
    if (user) {
      const refused = await app.limits.count(app.db, [{ key: `upload:user:${user.id}`, rule: RULES.upload }]);
      if (refused)
        throw new TooManyRequests(
          'Je hebt veel bestanden kort na elkaar verstuurd. Wacht even en probeer het opnieuw.',
          refused.retryAfterSecs,
        );
    }
    req.uploads = await readUploads(req, limit, route.maxFiles, route.oneFile);
  });
  // The temporary files go once the answer is out (stored, refused or failed alike).
  const cleanUp = async (req: FastifyRequest) => {
    if (req.uploadPaths) await Promise.all(req.uploadPaths.map((p) => rm(p, { force: true })));
  };
  hookRoutes(fastify, 'onResponse', isUpload, cleanUp);
  hookRoutes(fastify, 'onRequestAbort', isUpload, cleanUp);
}
