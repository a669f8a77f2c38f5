/**
 * The print page (GET /print/{hash}) and its PDF (GET /api/print/{hash}.pdf), outside the catalogue
 * because they are opened in an iframe or a new tab without a token. The hash is 192 random bits
 * and lives 24 h; when a token is sent anyway, it must belong to the school that asked for the job.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, loadSessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import { contentDisposition } from '../../http/content-disposition';
import { renderModulePdf } from '../../pdf/module-pdf';
import { messagePage, renderPrintHtml } from './print-html';
import { loadPrintJob, loadPrintModule, PRINT_JOB_HOURS, type PrintJob } from './print-jobs';
import { HOUR_MS } from '../../constants';

type Outcome = { job: PrintJob } | { status: number; title: string; text: string };

async function findJob(req: FastifyRequest, app: AppContext, hash: string): Promise<Outcome> {
  const gone = {
    status: 404,
    title: 'Printversie niet gevonden',
    text: 'Deze printversie bestaat niet. Genereer een nieuwe PDF-versie op de pagina Modules printen.',
  };
  const job = await loadPrintJob(app.db, hash);
  if (!job) return gone;
  if (app.now().getTime() - job.createdAt.getTime() > PRINT_JOB_HOURS * HOUR_MS) {
    return {
      status: 410,
      title: 'Printversie verlopen',
      text: 'Deze printversie is verlopen. Genereer een nieuwe PDF-versie op de pagina Modules printen.',
    };
  }
  const token = bearerToken(req);
  if (token) {
    const user = await loadSessionUser(app.db, token, app.tokens);
    if (!user || user.organisationId !== job.organisationId) return gone;
  }
  return { job };
}

/**
 * Rendered PDFs by job hash (29.7): a job's PDF never changes in its 24 h, and rendering costs CPU
 * on every open. Kept in this process, the most recent first, at most PDF_CACHE_BYTES.
 */
const PDF_CACHE_BYTES = 64 * 1024 * 1024;
const pdfCache = new Map<string, { bytes: Buffer; name: string }>();
let cachedBytes = 0;

function rememberPdf(hash: string, entry: { bytes: Buffer; name: string }): void {
  if (entry.bytes.length > PDF_CACHE_BYTES / 4) return;
  pdfCache.set(hash, entry);
  cachedBytes += entry.bytes.length;
  for (const [k, v] of pdfCache) {
    if (cachedBytes <= PDF_CACHE_BYTES) break;
    pdfCache.delete(k);
    cachedBytes -= v.bytes.length;
  }
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex');
}

export function registerPrintPages(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { hash: string } }>('/print/:hash', async (req, reply) => {
    const found = await findJob(req, app, req.params.hash);
    noStore(reply).type('text/html; charset=utf-8');
    if ('status' in found) return reply.code(found.status).send(messagePage(found.title, found.text));
    const { job } = found;
    const module = await loadPrintModule(app.db, app.config, job.chapterId, job.options.studyLevel);
    if (!module) return reply.code(404).send(messagePage('Module niet gevonden', 'Deze module bestaat niet meer.'));
    return reply.send(renderPrintHtml(module, job.options));
  });

  fastify.get<{ Params: { file: string } }>('/api/print/:file', async (req, reply) => {
    const hash = req.params.file.replace(/\.pdf$/, '');
    const found = await findJob(req, app, hash);
    noStore(reply);
    if ('status' in found) return reply.code(found.status).send({ error: { message: found.text } });
    const { job } = found;
    let pdf = pdfCache.get(hash);
    if (!pdf) {
      const module = await loadPrintModule(app.db, app.config, job.chapterId, job.options.studyLevel);
      if (!module) return reply.code(404).send({ error: { message: 'Deze module bestaat niet meer.' } });
      pdf = { bytes: Buffer.from(await renderModulePdf(module, job.options)), name: `${module.chapterName} ${module.levelLabel}.pdf` };
      rememberPdf(hash, pdf);
    }
    return reply.type('application/pdf').header('Content-Disposition', contentDisposition(pdf.name, 'inline')).send(pdf.bytes);
  });
}
