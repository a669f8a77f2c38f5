/**
 * Builds the Fastify app without listening, so tests drive it with inject() and server.ts adds the
 * port. Serves /api/* from the catalogue and, when a build exists, the PWA with an SPA fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { AttemptLimits } from './auth/attempt-limits';
import { relyingParties } from './auth/oidc/relying-party';
import { loadSecret } from './auth/secret';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { openBlobStore } from './files/open-store';
import { api } from '../src/api/catalogue';
import { classroomsHandlers } from './areas/classrooms/handlers';
import { dashboardHandlers } from './areas/dashboard/handlers';
import { decorateFeedState, pollSessionLoader } from './areas/dashboard/feed-version';
import { startPollCache } from './areas/dashboard/poll-cache';
import { registerFileDownloads } from './areas/documents/file-downloads';
import { documentsHandlers } from './areas/documents/handlers';
import { examsHandlers } from './areas/exams/handlers';
import { licencesHandlers } from './areas/licences/handlers';
import { registerFileBundle } from './areas/offline/file-bundle';
import { offlineHandlers } from './areas/offline/handlers';
import { portfoliosHandlers } from './areas/portfolios/handlers';
import { printingHandlers } from './areas/printing/handlers';
import { schoolYearHandlers } from './areas/school-year/handlers';
import { registerPrintPages } from './areas/printing/print-pages';
import { pushHandlers } from './areas/push/handlers';
import { sessionHandlers } from './areas/session/handlers';
import { registerInvitations } from './areas/session/invitations';
import { registerDataExport } from './areas/students/data-export';
import { studentsHandlers } from './areas/students/handlers';
import { studentsAppHandlers } from './areas/students-app/handlers';
import { ONE_IMAGE } from './areas/students-app/portfolio-work';
import { teachersHandlers } from './areas/teachers/handlers';
import { wishlistHandlers } from './areas/wishlist/handlers';
import type { BlobStore } from './files/blob-store';
import { installUploads, type UploadRoute } from './files/uploads';
import { installOpenApi } from './http/openapi';
import { installErrorHandler } from './http/errors';
import { installLoadShedding, type SheddingOptions } from './http/load-shedding';
import { registerHealth, type Health } from './http/health';
import { refuseNonFiniteNumbers } from './http/input-numbers';
import { registerCatalogue, toFastifyPath, type AreaHandlers } from './http/registry';
import { RequestLog } from './http/request-log';
import { checkPushEndpoint, systemResolver, type ResolveHost } from './push/endpoint-policy';
import { installSecurity, redactUrl } from './security';

export interface BuildOptions {
  db: Database;
  config: ServerConfig;
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes when `logger` is on; stdout when not given (tests read it). */
  logStream?: { write(line: string): void };
  /** Where file bytes go; defaults to config.fileStore (disk under DATA_DIR/files, PostgreSQL or S3). */
  files?: BlobStore;
  /** DNS for the push endpoint check; tests pass their own so they need no internet. */
  resolveHost?: ResolveHost;
  /**
   * Load shedding (server/http/load-shedding.ts): the serving process (server.ts) turns it on; tests
   * and the bench's in-process servers, whose PGlite and seeding hold the event loop by design, not.
   */
  shedding?: SheddingOptions;
}

/** Each area of the catalogue with its handler module, one to one (server/areas/<area>/handlers.ts). */
const areas: AreaHandlers = {
  session: sessionHandlers,
  dashboard: dashboardHandlers,
  classrooms: classroomsHandlers,
  students: studentsHandlers,
  teachers: teachersHandlers,
  documents: documentsHandlers,
  printing: printingHandlers,
  exams: examsHandlers,
  portfolios: portfoliosHandlers,
  licences: licencesHandlers,
  offline: offlineHandlers,
  schoolYear: schoolYearHandlers,
  wishlist: wishlistHandlers,
  push: pushHandlers,
  studentsApp: studentsAppHandlers,
};

const UPLOADS: readonly UploadRoute[] = [
  { url: toFastifyPath(api.documents.add.path), maxFiles: 5 },
  { url: toFastifyPath(api.documents.addFile.path), maxFiles: 5 },
  { url: toFastifyPath(api.studentsApp.portfolioImage.path), maxFiles: 1, oneFile: ONE_IMAGE },
];
const isUpload = (url: string) => UPLOADS.some((r) => r.url === url);

export async function buildApp(opts: BuildOptions): Promise<{ fastify: FastifyInstance; context: AppContext; health: Health }> {
  const { db, config } = opts;
  const fastify = Fastify({
    logger: opts.logger
      ? {
          level: config.logLevel,
          ...(opts.logStream ? { stream: opts.logStream } : {}),
          // Refresh and invitation tokens travel in the path, download signatures in the query: never in the logs.
          serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url) }) },
        }
      : false,
    // The answered 5 s poll at debug level, its failures as before (issue 35, http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // A body trickled in byte by byte must not hold a connection for ever (29.5).
    requestTimeout: config.requestTimeoutMs,
    // Node enforces requestTimeout only when headersTimeout is not longer, and checks every 30 s by
    // default; a short timeout (tests) needs a closer look.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    // Errors Fastify raises before routing (bad percent-encoding, over-long parameters) in our shape.
    frameworkErrors: (err, _req, reply) => {
      void (reply as FastifyReply).code(err.statusCode ?? 400).send({ error: { message: 'Ongeldig adres.' } });
    },
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
  });
  // The poll from memory (poll-cache.ts); POLL_FROM_MEMORY=false reads the database on every poll.
  const poll = config.pollFromMemory ? await startPollCache(db) : null;
  if (poll) fastify.addHook('onClose', poll.stop);
  const now = opts.now ?? (() => new Date());
  const context: AppContext = {
    db,
    config,
    tokens: {
      secret: await loadSecret(db, config.jwtSecret),
      accessTokenTtl: config.accessTokenTtl,
      refreshTokenTtl: config.refreshTokenTtl,
      now,
    },
    now,
    pollCache: poll?.cache ?? null,
    files: opts.files ?? (await openBlobStore(config, db)),
    push: { checkEndpoint: (raw) => checkPushEndpoint(raw, { hosts: config.pushHosts, resolve: opts.resolveHost ?? systemResolver }) },
    limits: new AttemptLimits(db, now),
    oidc: relyingParties(config.oidcProviders, config.publicUrl),
  };
  installErrorHandler(fastify);
  if (opts.shedding) await installLoadShedding(fastify, opts.shedding);
  installSecurity(fastify, config);
  refuseNonFiniteNumbers(fastify);
  await fastify.register(fastifyCookie);
  await fastify.register(fastifyFormbody);
  // Before any route: the OpenAPI document is built from the routes as they are registered.
  await installOpenApi(fastify);
  const health = registerHealth(fastify, db);
  registerFileDownloads(fastify, context);
  registerDataExport(fastify, context);
  registerFileBundle(fastify, context);
  registerPrintPages(fastify, context);
  registerInvitations(fastify, context);
  // The 5 s poll reads its feed version with the caller: one query for an unchanged poll, or none.
  decorateFeedState(fastify);
  registerCatalogue(fastify, context, areas, { 'dashboard.activities': pollSessionLoader(context.pollCache) }, (url) => !isUpload(url));
  // The upload routes in a scope of their own: @fastify/multipart hooks every request of the scope it
  // is registered in (an async onRequest and onResponse), which at the root was every poll. Multipart
  // bodies are parsed before the catalogue's transaction starts (files/uploads.ts).
  await fastify.register(async (scope) => {
    await installUploads(scope, context, config, UPLOADS);
    registerCatalogue(scope, context, areas, {}, isUpload);
  });

  const hasBuild = !!config.staticDir && existsSync(join(config.staticDir, 'index.html'));
  if (hasBuild) {
    await fastify.register(fastifyStatic, {
      root: config.staticDir as string,
      wildcard: false,
      // The build writes .br and .gz beside each file (vite.config.ts precompress).
      preCompressed: true,
      // Hashed assets never change; everything else (index.html, sw.js, manifest) is revalidated.
      setHeaders: (reply, path) => {
        const immutable = path.startsWith(join(config.staticDir ?? '', 'assets'));
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Every app route answers with the shell (the client router takes it from there); /api/ answers 404.
  fastify.setNotFoundHandler((req, reply) => {
    if (hasBuild && req.method === 'GET' && !req.url.startsWith('/api/'))
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: { message: `Onbekend adres: ${req.method} ${req.url.split('?')[0]}` } });
  });
  return { fastify, context, health };
}
