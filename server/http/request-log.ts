/**
 * Fastify's request lines, with one exception (issue 35): the 5 s activity poll. Every open dashboard
 * polls every 5 s, so at info level its two lines per request (incoming, completed) were most of the
 * log and cost the process more CPU than the poll itself. An answered poll (200, 304) is logged at
 * debug level; a poll that fails or is refused (4xx, 5xx) is logged at info or error as before, in one
 * line that also names the request. Every other route logs as Fastify does.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { api } from '../../src/api/catalogue';

const QUIET = '/api/' + api.dashboard.activities.path;

// By the matched route: no string work per request (an unknown URL has none and is never quiet).
const quiet = (req: FastifyRequest) => req.routeOptions.url === QUIET;

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (quiet(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!quiet(request)) return super.requestCompleted(error, request, reply);
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.statusCode >= 400) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
