/**
 * Portfolio images are shown with <img>, which cannot send the bearer token: every /api/files/{id}
 * address in a portfolio answer becomes a signed link bound to the caller and the caller's school.
 */
import { DOCUMENT_LINK_SECONDS, linkIssueTime, signedFileUrl } from '../../files/signed-url';
import type { SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import type { Ctx, Handler } from '../../http/handler';

const FILE_PATH = /^\/api\/files\/([A-Za-z0-9_-]{1,64})$/;

export function signFileLinks<T>(answer: T, app: AppContext, organisationId: number, userId: number): T {
  const now = linkIssueTime(app.now());
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const m = FILE_PATH.exec(value);
      return m ? signedFileUrl(app.tokens.secret, m[1] as string, organisationId, userId, now, DOCUMENT_LINK_SECONDS) : value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(answer) as T;
}

/** The handlers with every answer passed through signFileLinks, so images work in <img> tags. */
export function withSignedLinks<H extends object>(handlers: H): H {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (ctx: Ctx<unknown>) =>
        signFileLinks(
          await (handler as Handler<unknown>)(ctx),
          ctx.app,
          (ctx.user as SessionUser).organisationId,
          (ctx.user as SessionUser).id,
        ),
    ]),
  ) as H;
}
