/**
 * A version for every read: the ETag is a hash of the answer's JSON, so a client that already holds
 * that answer (the browser's revalidation, the worker's offline refresh) gets a 304 without a body.
 * The server still builds the answer; what is saved is the transfer and the client's storage write,
 * which is what a tablet on school Wi-Fi pays for. Routes that know their version cheaper (the 5 s
 * activity poll, feed-version.ts) set their own ETag and are left alone.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const etagOfBody = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** True when If-None-Match names this tag (a list, weak tags and `*` as RFC 9110 §13.1.2 has them). */
export function matchesIfNoneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return list.includes('*') || list.includes(tag);
}

/**
 * The answer as the wire carries it: through the serialiser Fastify compiled from the route's 200
 * schema (the catalogue's `answer`), which drops every field the schema does not name; plain JSON
 * for a route without one.
 */
export function serializeAnswer(reply: FastifyReply, answer: unknown): string {
  const serialize = reply.getSerializationFunction('200');
  // Fastify types the payload as an object; the compiled function takes an array or null as well.
  return serialize ? serialize(answer as Record<string, unknown>) : JSON.stringify(answer);
}

export function answerWithEtag(req: FastifyRequest, reply: FastifyReply, answer: unknown): unknown {
  if (answer === undefined || reply.sent || reply.statusCode !== 200 || reply.hasHeader('ETag')) return answer;
  const body = serializeAnswer(reply, answer);
  const tag = etagOfBody(body);
  reply.header('ETag', tag);
  if (matchesIfNoneMatch(req.headers['if-none-match'], tag)) return reply.code(304).send();
  // Serialised once, by the route's schema, for the tag: sent as it is (Fastify passes a JSON string on).
  reply.type('application/json; charset=utf-8');
  return body;
}
