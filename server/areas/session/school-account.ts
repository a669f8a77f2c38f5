/**
 * Sign-in with the school's own account (issue 33): start sends the browser to the provider with a
 * flow cookie, the callback page (/login/schoolaccount/{provider}) hands the provider's answer to
 * finish, which exchanges the code and signs in an existing, active teacher with the same tokens as
 * a password sign-in, or links the account of a signed-in teacher. The tokens go back in the JSON
 * answer of a same-origin call, never in an address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { api } from '../../../src/api/catalogue';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_SECONDS, openFlow, sameOriginPath, sealFlow, type Flow } from '../../auth/oidc/flow-cookie';
import { EXPIRED, NOT_CONFIGURED, type OidcIdentity, type RelyingParty } from '../../auth/oidc/relying-party';
import { DEACTIVATED, ensureActiveSchool } from '../../auth/sign-in';
import { issueTokens } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { withoutTransaction, type Handlers } from '../../http/handler';
import { HttpError, notFound } from '../../http-error';
import { servedOverHttps } from '../../security';
import { linkedSchoolAccounts, linkSchoolAccount, markSignedIn, unlinkSchoolAccount, userForSchoolAccount } from './queries';

const UNKNOWN_TEACHER =
  'Er is nog geen docentaccount met het e-mailadres van dit schoolaccount. Vraag een collega van je school om je uit te nodigen; daarna kun je met je schoolaccount inloggen.';
const UNVERIFIED =
  'Je school heeft het e-mailadres van dit schoolaccount niet bevestigd, dus we weten niet zeker of het van jou is. Log in met je e-mailadres en wachtwoord.';
const STUDENT = 'Leerlingen kunnen niet inloggen in de Docentenomgeving.';
const OTHER_SCHOOL = 'Je school gebruikt de Docentenomgeving niet met dit schoolaccount. Log in met je e-mailadres en wachtwoord.';
const TAKEN = 'Dit schoolaccount is al gekoppeld aan een ander account. Ontkoppel het daar eerst.';

type SchoolAccountHandlers = Pick<
  Handlers<typeof api.session>,
  'schoolAccountStart' | 'schoolAccountFinish' | 'schoolAccounts' | 'linkSchoolAccount' | 'unlinkSchoolAccount'
>;

function providerOf(app: AppContext, id: string): RelyingParty {
  const rp = app.oidc.get(id);
  if (!rp) throw notFound(NOT_CONFIGURED);
  return rp;
}

async function startFlow(app: AppContext, req: FastifyRequest, reply: FastifyReply, rp: RelyingParty, next: unknown, linkUserId?: number) {
  const { url, flow } = await rp.start(sameOriginPath(next), linkUserId);
  // Lax, not Strict: some browsers treat the page's first call after the provider's redirect as cross-site.
  reply.setCookie(FLOW_COOKIE, await sealFlow(flow, app.tokens.secret), {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(req, app.config),
    maxAge: FLOW_SECONDS,
  });
  reply.header('Cache-Control', 'no-store');
  return { url };
}

/** A student is sent to /notauthorized by the page (part 1 §4): `reason` tells it apart. */
const studentRefusal = () => new HttpError(403, STUDENT, undefined, { reason: 'student' });

/** The teacher this school account belongs to, or a Dutch refusal. */
async function teacherOf(db: Queryable, rp: RelyingParty, who: OidcIdentity): Promise<number> {
  const p = rp.settings;
  if (p.schools.length && (!who.school || !p.schools.includes(who.school))) throw new HttpError(403, OTHER_SCHOOL);
  if (who.roles.some((r) => p.studentRoles.includes(r))) throw studentRefusal();
  const user = await userForSchoolAccount(db, p.id, who.subject, who.emailVerified ? who.email : null);
  if (!user) throw new HttpError(403, who.email && !who.emailVerified ? UNVERIFIED : UNKNOWN_TEACHER);
  if (user.role === 'STUDENT') throw studentRefusal();
  if (!user.active) throw new HttpError(403, DEACTIVATED);
  return user.id;
}

async function finish(app: AppContext, db: Queryable, rp: RelyingParty, flow: Flow, query: string) {
  const who = await rp.finish(query, flow);
  if (flow.linkUserId) {
    if (!(await linkSchoolAccount(db, rp.settings.id, who.subject, flow.linkUserId))) throw new HttpError(409, TAKEN);
    return { linked: true, next: flow.next };
  }
  const userId = await teacherOf(db, rp, who);
  await ensureActiveSchool(db, userId);
  await markSignedIn(db, userId, app.now());
  return { ...(await issueTokens(db, userId, app.tokens)), next: flow.next };
}

export const schoolAccountHandlers: SchoolAccountHandlers = {
  // Outside a transaction: the provider is asked over the network (up to its timeout).
  schoolAccountStart: withoutTransaction(async ({ app, params, body, req, reply }) =>
    startFlow(app, req, reply, providerOf(app, params.provider), body?.next),
  ),

  schoolAccountFinish: withoutTransaction(async ({ app, db, params, body, req, reply }) => {
    const rp = providerOf(app, params.provider);
    const flow = await openFlow(req.cookies[FLOW_COOKIE], app.tokens.secret);
    // One answer per flow: whatever happens next, this browser's flow is over.
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    reply.header('Cache-Control', 'no-store');
    if (!flow || flow.provider !== rp.settings.id) throw new HttpError(400, EXPIRED);
    return finish(app, db, rp, flow, body.query);
  }),

  schoolAccounts: async ({ app, db, user }) => {
    const linked = new Set(await linkedSchoolAccounts(db, user.id));
    return [...app.oidc.keys()].map((provider) => ({ provider, linked: linked.has(provider) }));
  },

  linkSchoolAccount: withoutTransaction(async ({ app, params, body, user, req, reply }) =>
    startFlow(app, req, reply, providerOf(app, params.provider), body?.next, user.id),
  ),

  unlinkSchoolAccount: async ({ app, db, params, user }) => {
    providerOf(app, params.provider);
    await unlinkSchoolAccount(db, params.provider, user.id);
    return { message: 'Je schoolaccount is ontkoppeld. Je logt weer in met je e-mailadres en wachtwoord.' };
  },
};
