/**
 * Multipart uploads for the document calls. The body is read in a preHandler, after the caller is
 * authorised and before the handler's transaction starts, so a slow upload on school Wi-Fi never
 * holds a database transaction. Each file is size-limited, sniffed against the allow-list and kept
 * in memory (at most MAX_FILES × MAX_UPLOAD_BYTES) until the handler stores it.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { badRequest, HttpError } from '../http-error';
import { detectType, sanitiseFilename } from './file-types';

export interface Upload {
  filename: string;
  mime: string;
  bytes: Buffer;
}

export interface ParsedUploads {
  files: Upload[];
  fields: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads: ParsedUploads | null;
  }
}

const MAX_FILES = 5;
export const NOT_ALLOWED = 'Dit bestandstype is niet toegestaan.';

export const tooLargeMessage = (limit: number) => {
  const mb = limit / (1024 * 1024);
  return `Het bestand is te groot (maximaal ${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB).`;
};

async function readUploads(req: FastifyRequest, limit: number): Promise<ParsedUploads> {
  const files: Upload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      const filename = sanitiseFilename(part.filename ?? '');
      if (bytes.length === 0) throw badRequest(`Het bestand ${filename} is leeg.`, { file: 'Dit bestand is leeg.' });
      const mime = detectType(filename, bytes);
      if (!mime) throw new HttpError(415, NOT_ALLOWED, { file: `${filename}: alleen pdf, docx, xlsx, pptx, odt, txt, png, jpg, gif, mp3 en mp4.` });
      files.push({ filename, mime, bytes });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(limit), { file: tooLargeMessage(limit) });
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Stuur maximaal ${MAX_FILES} bestanden tegelijk.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Dit formulier bevat te veel velden.');
    if (err instanceof HttpError) throw err;
    throw badRequest('Het bestand kon niet worden gelezen. Probeer het opnieuw.');
  }
  return { files, fields };
}

/** Registers multipart parsing and reads the body of the given catalogue routes (Fastify URL form). */
export async function installUploads(fastify: FastifyInstance, config: Pick<ServerConfig, 'maxUploadBytes'>, routes: readonly string[]): Promise<void> {
  const limit = config.maxUploadBytes;
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: limit, files: MAX_FILES, fields: 10, fieldSize: 1024, parts: MAX_FILES + 10, headerPairs: 100 },
  });
  fastify.decorateRequest('uploads', null);
  const urls = new Set(routes);
  fastify.addHook('preHandler', async (req) => {
    if (!urls.has(req.routeOptions.url ?? '')) return;
    if (!req.isMultipart()) throw new HttpError(415, 'Stuur het bestand als multipart/form-data.');
    req.uploads = await readUploads(req, limit);
  });
}
