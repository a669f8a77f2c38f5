/**
 * Sign-in with the school's own account: start sends the browser to the provider with a flow
 * cookie, the callback page (/login/schoolaccount/{provider}) hands the provider's answer to finish,
 * which spends the flow's state, exchanges the code and signs in a teacher of the provider's schools
 * with the same tokens as a password sign-in, or links the account of a signed-in teacher who gave
 * her password. The tokens go back in the JSON answer of a same-origin call, never in an address.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { api } from '../../../src/api/catalogue';
import {
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_SECONDS,
  openFlow,
  sameOriginPath,
  sealFlow,
  type OpenedFlow,
} from '../../auth/oidc/flow-cookie';
import { EXPIRED, NOT_CONFIGURED, type OidcIdentity, type RelyingParty } from '../../auth/oidc/relying-party';
import { verifyPasswordEvenIfMissing } from '../../auth/passwords';
import { RULES } from '../../auth/rate-limit';
import { ensureActiveSchool } from '../../auth/sign-in';
import { issueTokens } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { withoutTransaction, type Handlers } from '../../http/handler';
import { badRequest, HttpError, notFound, TooManyRequests } from '../../http-error';
import { sendMail } from '../../mail/mailer';
import { schoolAccountLinkedMail } from '../../mail/school-account-linked';
import { servedOverHttps } from '../../security';
import { markSignedIn, passwordHashOf } from './queries';
import { addLink, linkedSchoolAccounts, spendState, unlinkSchoolAccount } from './school-account-links';
import { checkLink, linkKey, teacherOf } from './school-account-rules';

const TAKEN = 'Dit schoolaccount is al gekoppeld aan een ander account. Ontkoppel het daar eerst.';
const WRONG_PASSWORD = 'Je wachtwoord klopt niet.';
const NOTICE_FAILED = 'Het schoolaccount is niet gekoppeld: de bevestigingsmail kon niet worden verstuurd. Probeer het later opnieuw.';

type SchoolAccountHandlers = Pick<
  Handlers<typeof api.session>,
  'schoolAccountStart' | 'schoolAccountFinish' | 'schoolAccounts' | 'linkSchoolAccount' | 'unlinkSchoolAccount'
>;

function providerOf(app: AppContext, id: string): RelyingParty {
  const rp = app.oidc.get(id);
  if (!rp) throw notFound(NOT_CONFIGURED);
  return rp;
}

/** Ties a link flow to the password it was started with: changed before the callback, the flow is void. */
const passwordMark = (hash: string | null) =>
  createHash('sha256')
    .update(hash ?? '')
    .digest('base64url')
    .slice(0, 22);

async function startFlow(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  rp: RelyingParty,
  next: unknown,
  opts: { linkUserId?: number; reauth?: boolean; linkMark?: string } = {},
) {
  const { url, flow } = await rp.start(sameOriginPath(next), opts);
  // Lax, not Strict: some browsers treat the page's first call after the provider's redirect as cross-site.
  reply.setCookie(FLOW_COOKIE, await sealFlow({ ...flow, ...(opts.linkMark ? { linkMark: opts.linkMark } : {}) }, app.tokens.secret), {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(req, app.config),
    maxAge: FLOW_SECONDS,
  });
  reply.header('Cache-Control', 'no-store');
  return { url };
}

/**
 * Her own password before a link, limited as every check of it (RULES.ownPassword): a stolen access
 * token alone must not add a way in that outlives it.
 */
async function checkOwnPassword(app: AppContext, db: Queryable, userId: number, password: string | undefined): Promise<string> {
  if (!password) throw badRequest('Vul je wachtwoord in.', { password: 'Vul je wachtwoord in.' });
  const key = `own-password:user:${userId}`;
  const refused = await app.limits.count(db, [{ key, rule: RULES.ownPassword }]);
  if (refused)
    throw new TooManyRequests(
      'Je hebt te vaak een verkeerd wachtwoord ingevuld. Wacht een kwartier en probeer het opnieuw.',
      refused.retryAfterSecs,
    );
  const hash = await passwordHashOf(db, userId);
  if (!(await verifyPasswordEvenIfMissing(password, hash))) throw new HttpError(400, WRONG_PASSWORD, { password: WRONG_PASSWORD });
  await app.limits.settle(db, [key]);
  return passwordMark(hash);
}

/** Makes the link and mails her about it, as one step: never a link she was not told of. */
async function linkWithNotice(app: AppContext, rp: RelyingParty, who: OidcIdentity, userId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    if (!(await addLink(tx, linkKey(rp.settings, who), userId))) throw new HttpError(409, TAKEN);
    const [user] = await tx.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [userId]);
    const mail = schoolAccountLinkedMail({
      to: user!.email,
      provider: rp.settings.name,
      account: who.email ?? who.name ?? who.subject,
      link: `${app.config.publicUrl}/index`,
    });
    try {
      await sendMail(app.config, mail);
    } catch {
      throw new HttpError(502, NOTICE_FAILED);
    }
  });
}

async function finish(app: AppContext, req: FastifyRequest, rp: RelyingParty, flow: OpenedFlow, query: string) {
  const db = app.db;
  const who = await rp.finish(query, flow);
  if (flow.linkUserId) {
    if (flow.linkMark !== passwordMark(await passwordHashOf(db, flow.linkUserId))) throw new HttpError(400, EXPIRED);
    await checkLink(db, rp.settings, who, flow.linkUserId);
    await linkWithNotice(app, rp, who, flow.linkUserId);
    return { linked: true, next: flow.next };
  }
  const { userId, newLink } = await teacherOf(db, rp.settings, who);
  if (newLink) {
    // Without the notice no link: she signs in by her address once more, and the link is tried again.
    await linkWithNotice(app, rp, who, userId).catch((err: unknown) => req.log.warn({ err }, 'school account not linked'));
  }
  await ensureActiveSchool(db, userId);
  await markSignedIn(db, userId, app.now());
  return { ...(await issueTokens(db, userId, app.tokens)), next: flow.next };
}

export const schoolAccountHandlers: SchoolAccountHandlers = {
  // Outside a transaction: the provider is asked over the network (up to its timeout).
  schoolAccountStart: withoutTransaction(async ({ app, params, body, req, reply }) =>
    startFlow(app, req, reply, providerOf(app, params.provider), body?.next, { reauth: body?.reauth === true }),
  ),

  schoolAccountFinish: withoutTransaction(async ({ app, params, body, req, reply }) => {
    const rp = providerOf(app, params.provider);
    const flow = await openFlow(req.cookies[FLOW_COOKIE], app.tokens.secret);
    // One answer per flow: whatever happens next, this browser's flow is over.
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    reply.header('Cache-Control', 'no-store');
    if (!flow || flow.provider !== rp.settings.id) throw new HttpError(400, EXPIRED);
    // The cookie lives 10 minutes; its state counts once, in every process (RFC 9700 4.7.1).
    if (!(await spendState(app.db, flow.state, flow.expiresAt, new Date()))) throw new HttpError(400, EXPIRED);
    return finish(app, req, rp, flow, body.query);
  }),

  schoolAccounts: async ({ app, db, user }) => {
    const linked = new Set(await linkedSchoolAccounts(db, user.id));
    return [...app.oidc.keys()].map((provider) => ({ provider, linked: linked.has(provider) }));
  },

  // Outside a transaction: the attempt counter must stay counted when the password is wrong.
  linkSchoolAccount: withoutTransaction(async ({ app, params, body, user, req, reply }) => {
    const rp = providerOf(app, params.provider);
    const linkMark = await checkOwnPassword(app, app.db, user.id, body?.password);
    return startFlow(app, req, reply, rp, body?.next, { linkUserId: user.id, linkMark });
  }),

  unlinkSchoolAccount: async ({ app, db, params, user }) => {
    providerOf(app, params.provider);
    await unlinkSchoolAccount(db, params.provider, user.id);
    return { message: 'Je schoolaccount is ontkoppeld. Je logt weer in met je e-mailadres en wachtwoord.' };
  },
};
