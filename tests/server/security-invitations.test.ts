/**
 * Issue 29, findings 1, 2, 10 and 12 (and 28.19): an invitation stays pending until it is accepted
 * and shows nothing of the invitee before; invitation mail is limited; a student ends her own
 * session; a push endpoint cannot be taken over; a teacher changes her own password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/invitation-token';
import { COLLEGA, createTestApp, DOCENT, LEERLING, PASSWORD, type TestApp } from '../helpers/test-app';

const ENDPOINT_TAKEN = 'Dit apparaat ontvangt al meldingen voor een ander account. Zet meldingen daar eerst uit.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portaal.example' });
});
afterAll(() => t.close());

const OTHER = 'k.mulder@delinde.nl'; // a teacher of school 2 only, with a real password below
const call = async (method: 'GET' | 'POST', path: string, payload?: object, as = DOCENT, headers: Record<string, string> = {}) =>
  t.fastify.inject({ method, url: `/api/${path}`, headers: { ...(await t.as(as)), ...headers }, ...(payload ? { payload } : {}) });
const idOf = async (email: string) => (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id;

describe('finding 1 / 28.19: an invitation is pending until it is accepted', () => {
  it("inviting another school's teacher shows only her address and 'invited'; she gets no access to the school until she accepts", async () => {
    await t.db.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1), last_login = now() WHERE email = $2`,
      [DOCENT, OTHER],
    );
    const known = await call('POST', 'organisations/saveTeacher', { email: OTHER });
    const unknown = await call('POST', 'organisations/saveTeacher', { email: 'nog.geen.account@hetbaken.nl' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // The same answer for a known and an unknown address, apart from the address itself.
    expect(known.json().message.replace(OTHER, 'X')).toBe(unknown.json().message.replace('nog.geen.account@hetbaken.nl', 'X'));

    const list = (await call('GET', 'organisations/teachers')).json() as { id: number; name: string; email: string; status: string }[];
    const her = list.find((r) => r.email === OTHER)!;
    const stranger = list.find((r) => r.email === 'nog.geen.account@hetbaken.nl')!;
    expect(her).toMatchObject({ name: '', status: 'invited' });
    expect(stranger).toMatchObject({ name: '', status: 'invited' });
    // Nothing of her through the details call either (name, lastLogin, lastActive).
    const details = await call('GET', `users/details/${her.id}`);
    expect(details.statusCode).toBe(404);
    expect(details.body).not.toMatch(/Mulder|lastLogin/);

    // Her organisation selector does not list the school; she sees the invitation instead.
    const orgs = (await call('GET', 'organisations', undefined, OTHER)).json() as { id: number }[];
    expect(orgs.map((o) => o.id)).not.toContain(1);
    expect((await call('GET', 'users/setCurrentOrganisationId/1', undefined, OTHER)).statusCode).toBe(404);
    const invitations = (await call('GET', 'organisations/invitations', undefined, OTHER)).json();
    expect(invitations).toMatchObject([{ organisationId: 1, organisationName: 'Het Baken' }]);

    // She accepts: now a colleague with her name, and the school is hers to switch to.
    expect((await call('POST', 'organisations/acceptInvitation/1', undefined, OTHER)).statusCode).toBe(200);
    const after = (await call('GET', 'organisations/teachers')).json() as { email: string; name: string; status: string }[];
    expect(after.find((r) => r.email === OTHER)).toMatchObject({ status: 'active' });
    expect(after.find((r) => r.email === OTHER)!.name).not.toBe('');
    expect((await call('GET', 'organisations/invitations', undefined, OTHER)).json()).toEqual([]);
    expect((await call('GET', 'users/setCurrentOrganisationId/1', undefined, OTHER)).statusCode).toBe(200);
  });

  it('the set-password page asks the name of an account without one, and the link accepts the invitation', async () => {
    const email = 'naamloos@hetbaken.nl';
    expect((await call('POST', 'organisations/saveTeacher', { email })).statusCode).toBe(200);
    const token = 'sec29-token-'.padEnd(43, 'x');
    await t.db.query(`UPDATE invitations SET token_hash = $1 WHERE user_id = (SELECT id FROM users WHERE email = $2)`, [
      hashToken(token),
      email,
    ]);
    const shown = await t.fastify.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(shown.json()).toMatchObject({ email, hasName: false });
    const noName = await t.fastify.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { password: 'Lang-genoeg-1' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Vul je naam in.');
    const set = await t.fastify.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'Lang-genoeg-1', name: '  Noor   de Wit ' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const row = (await call('GET', 'organisations/teachers')).json().find((r: { email: string }) => r.email === email);
    expect(row).toMatchObject({ name: 'Noor de Wit', status: 'active' });
  });
});

describe('finding 2: invitation mail has a limit', () => {
  it('the 11th invitation in an hour from one teacher is a 429 in Dutch, and sends nothing', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await call('POST', 'organisations/saveTeacher', { email: `massa${i}@example.org` }, COLLEGA)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const refused = await call('POST', 'organisations/saveTeacher', { email: 'massa-extra@example.org' }, COLLEGA);
    expect(refused.json().error.message).toMatch(/veel uitnodigingen/);
    expect(
      (await t.db.query(`SELECT 1 FROM users WHERE email LIKE 'massa%' AND email IN ('massa10@example.org', 'massa-extra@example.org')`))
        .length,
    ).toBe(0);
  });
});

describe('finding 10: a student ends her own session', () => {
  it('student/logout revokes the family: the access and refresh token stop working', async () => {
    const { accessToken, refreshToken } = await t.login(LEERLING);
    const auth = { authorization: `Bearer ${accessToken}` };
    expect((await t.fastify.inject({ method: 'GET', url: '/api/student/lessons', headers: auth })).statusCode).toBe(200);
    const out = await t.fastify.inject({ method: 'POST', url: '/api/student/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Je bent uitgelogd.');
    expect((await t.fastify.inject({ method: 'GET', url: '/api/student/lessons', headers: auth })).statusCode).toBe(401);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${refreshToken}` })).statusCode).toBe(401);
  });
});

describe('finding 12: push endpoints and the own password', () => {
  const sub = (auth: string) => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/sec29-endpoint',
    keys: {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, auth.charCodeAt(0)).toString('base64url'),
    },
  });

  it("a colleague cannot take over another teacher's push endpoint", async () => {
    expect((await call('POST', 'push/subscribe', sub('a'))).statusCode).toBe(200);
    const taken = await call('POST', 'push/subscribe', sub('b'), COLLEGA);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(ENDPOINT_TAKEN);
    const [row] = await t.db.query<{ user_id: number }>(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [sub('a').endpoint]);
    expect(row?.user_id).toBe(await idOf(DOCENT));
    // The same browser subscription (its own keys) handed to a colleague on a shared tablet still moves.
    expect((await call('POST', 'push/subscribe', sub('a'), COLLEGA)).statusCode).toBe(200);
  });

  it('a teacher changes her own password: the current one is asked, other sessions end, this one stays', async () => {
    const other = await t.login(COLLEGA);
    const mine = await t.login(COLLEGA);
    const headers = { authorization: `Bearer ${mine.accessToken}` };
    const change = (body: object) => t.fastify.inject({ method: 'POST', url: '/api/users/changePassword', headers, payload: body });
    const wrong = await change({ currentPassword: 'fout-fout', newPassword: 'Nieuw-wachtwoord-9', repeatPassword: 'Nieuw-wachtwoord-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Je huidige wachtwoord klopt niet.');
    const ok = await change({ currentPassword: PASSWORD, newPassword: 'Nieuw-wachtwoord-9', repeatPassword: 'Nieuw-wachtwoord-9' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(200);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers: { authorization: `Bearer ${other.accessToken}` } }))
        .statusCode,
    ).toBe(401);
    await t.login(COLLEGA, 'Nieuw-wachtwoord-9');
    await expect(t.login(COLLEGA, PASSWORD)).rejects.toThrow();
  });
});
