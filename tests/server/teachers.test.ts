import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { removeInactiveTeachers } from '../../server/jobs/inactive-teachers';
import { sendMail } from '../../server/mail/mailer';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const DAY = 86_400_000;
const OTHER_SCHOOL_TEACHER = 'k.mulder@delinde.nl';

let t: TestApp;
let dataDir: string;
let smtp: SMTPServer;
const inbox: string[] = [];
let clock = new Date();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  dataDir = await mkdtemp(join(tmpdir(), 'teachers-test-'));
  t = await createTestApp({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://portaal.example' }, () => clock);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const idOf = async (email: string) => (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id;
const membership = async (email: string, org = 1) =>
  (
    await t.db.query<{ active: boolean; inactive_since: Date | null }>(
      `SELECT m.active, m.inactive_since FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.organisation_id = $2`,
      [email, org],
    )
  )[0];

/** Quoted-printable soft breaks and escapes undone, enough to read a link out of a mail. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('activate / deactivate', () => {
  it('sets a colleague inactive and active again, with a Dutch message', async () => {
    clock = new Date();
    const id = await idOf('l.bakker@hetbaken.nl');
    const off = await get(`organisations/deactivateTeacher/${id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toMatch(/^Docent is op inactief gezet/);
    expect(await membership('l.bakker@hetbaken.nl')).toMatchObject({ active: false });
    expect((await membership('l.bakker@hetbaken.nl'))!.inactive_since).not.toBeNull();
    const on = await get(`organisations/activateTeacher/${id}`);
    expect(on.json()).toEqual({ message: 'Docent is op actief gezet.' });
    expect(await membership('l.bakker@hetbaken.nl')).toMatchObject({ active: true, inactive_since: null });
  });

  it('takes access away from a deactivated teacher at once', async () => {
    const headers = await t.as(COLLEGA);
    expect((await get('documents', COLLEGA)).statusCode).toBe(200);
    await get(`organisations/deactivateTeacher/${await idOf(COLLEGA)}`);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/documents', headers })).statusCode).toBe(401);
    await get(`organisations/activateTeacher/${await idOf(COLLEGA)}`);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/documents', headers })).statusCode).toBe(200);
  });

  it('refuses to deactivate yourself, with the reason', async () => {
    const res = await get(`organisations/deactivateTeacher/${await idOf(DOCENT)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/jezelf/);
  });

  it('answers 404 for a teacher of another school, a student and an unknown id', async () => {
    for (const id of [await idOf(OTHER_SCHOOL_TEACHER), await idOf(LEERLING), 999999]) {
      expect((await get(`organisations/activateTeacher/${id}`)).statusCode).toBe(404);
      expect((await get(`organisations/deactivateTeacher/${id}`)).statusCode).toBe(404);
    }
    expect((await membership(OTHER_SCHOOL_TEACHER, 2))!.active).toBe(true);
  });

  it('refuses students', async () => {
    expect((await get(`organisations/activateTeacher/${await idOf(COLLEGA)}`, LEERLING)).statusCode).toBe(403);
  });
});

describe('invite a colleague', () => {
  it('validates the e-mail address', async () => {
    const res = await post('organisations/saveTeacher', { email: 'geen-adres' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Vul een geldig e-mailadres in.');
    expect((await post('organisations/saveTeacher', { email: '  ' })).statusCode).toBe(400);
    expect((await post('organisations/saveTeacher', {})).statusCode).toBe(400);
  });

  it('refuses a colleague who is already a member (409)', async () => {
    const res = await post('organisations/saveTeacher', { email: COLLEGA.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/hoort al bij je school/);
    expect((await post('organisations/saveTeacher', { email: LEERLING })).statusCode).toBe(409);
  });

  it('mails an invitation whose link sets a password to sign in with', async () => {
    const email = 'nieuwe.collega@hetbaken.nl';
    const res = await post('organisations/saveTeacher', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(email);
    const [user] = await t.db.query<{ id: number; role: string; password_hash: string | null }>(
      `SELECT id, role, password_hash FROM users WHERE email = $1`,
      [email],
    );
    expect(user).toMatchObject({ role: 'ADMIN', password_hash: null });
    expect(
      (
        await t.db.query<{ invited_at: Date | null }>(`SELECT invited_at FROM memberships WHERE user_id = $1 AND organisation_id = 1`, [
          user!.id,
        ])
      )[0]!.invited_at,
    ).not.toBeNull();

    await expect.poll(() => inbox.length).toBe(1);
    const mail = decodeQp(inbox[0]!);
    expect(mail).toMatch(/To: nieuwe\.collega@hetbaken\.nl/);
    expect(mail).toMatch(/Subject: .*Uitnodiging/);
    expect(mail).toContain('Het Baken');
    const token = /https:\/\/portaal\.example\/wachtwoord-instellen\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    expect(await t.db.query(`SELECT 1 FROM invitations WHERE token_hash = $1`, [token!])).toHaveLength(0); // stored hashed

    const who = await t.fastify.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(who.json()).toMatchObject({ email, organisationName: 'Het Baken' });
    const short = await t.fastify.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'kort', name: 'Nieuwe Collega' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/minstens 8 tekens/);
    // Her account has no name yet: the set-password page asks it (issue 28.19).
    expect(who.json()).toMatchObject({ hasName: false });
    const set = await t.fastify.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'Nieuw-wachtwoord-1', name: 'Nieuwe Collega' },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.fastify.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { password: 'Overgenomen-123' } });
    expect(again.statusCode).toBe(404);

    const { accessToken } = await t.login(email, 'Nieuw-wachtwoord-1');
    const info = await t.fastify.inject({ method: 'GET', url: '/api/documents', headers: { authorization: `Bearer ${accessToken}` } });
    expect(info.statusCode).toBe(200);
  });

  it('rejects an expired invitation link', async () => {
    clock = new Date();
    await post('organisations/saveTeacher', { email: 'late.collega@hetbaken.nl' });
    await expect.poll(() => inbox.length).toBe(2);
    const token = /token=([A-Za-z0-9_-]+)/.exec(decodeQp(inbox[1]!))![1]!;
    clock = new Date(Date.now() + 8 * DAY);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect(
      (await t.fastify.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { password: 'Lang-genoeg-1' } })).statusCode,
    ).toBe(404);
    clock = new Date();
  });

  it('adds an existing teacher of another school without a password link', async () => {
    await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
      DOCENT,
      OTHER_SCHOOL_TEACHER,
    ]);
    const res = await post('organisations/saveTeacher', { email: OTHER_SCHOOL_TEACHER });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => inbox.length).toBe(3);
    expect(decodeQp(inbox[2]!)).not.toContain('token=');
    // Pending until she accepts in the portal (issue 29.1; security-invitations.test.ts).
    expect(await membership(OTHER_SCHOOL_TEACHER, 1)).toMatchObject({ active: false });
    const accepted = await t.fastify.inject({
      method: 'POST',
      url: '/api/organisations/acceptInvitation/1',
      headers: await t.as(OTHER_SCHOOL_TEACHER),
    });
    expect(accepted.statusCode).toBe(200);
    expect(await membership(OTHER_SCHOOL_TEACHER, 1)).toMatchObject({ active: true });
  });

  it('writes the mail to DATA_DIR/mail when no SMTP_URL is set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-test-'));
    await sendMail({ ...loadConfig({}), dataDir: dir, smtpUrl: undefined }, { to: 'a@b.nl', subject: 'Test', text: 'Hallo' });
    const files = await readdir(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(await readFile(join(dir, 'mail', files[0]!), 'utf8')).toContain('Subject: Test');
    await rm(dir, { recursive: true, force: true });
  });
});

describe('half-year removal of inactive teachers', () => {
  it('removes a teacher inactive for 183 days and keeps one inactive for 100 days', async () => {
    const now = new Date();
    await t.db.query(`UPDATE memberships SET active = false, inactive_since = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
      'm.bouzid@hetbaken.nl',
      new Date(now.getTime() - 183 * DAY),
    ]);
    await t.db.query(`UPDATE memberships SET active = false, inactive_since = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
      'e.visser@hetbaken.nl',
      new Date(now.getTime() - 100 * DAY),
    ]);
    // Inactive in one school for long, but still active in another: only that membership goes.
    await t.db.query(
      `UPDATE memberships SET active = false, inactive_since = $2 WHERE organisation_id = 1 AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [OTHER_SCHOOL_TEACHER, new Date(now.getTime() - 200 * DAY)],
    );

    const result = await removeInactiveTeachers(t.db, now);
    expect(result.users).toBeGreaterThanOrEqual(1);
    expect(await t.db.query(`SELECT 1 FROM users WHERE email = 'm.bouzid@hetbaken.nl'`)).toHaveLength(0);
    expect(await membership('e.visser@hetbaken.nl')).toMatchObject({ active: false });
    expect(await membership(OTHER_SCHOOL_TEACHER, 1)).toBeUndefined();
    expect(await membership(OTHER_SCHOOL_TEACHER, 2)).toMatchObject({ active: true });
    // Their shared material stays with the school.
    expect((await t.db.query(`SELECT 1 FROM documents WHERE title = 'Ideeën voor de projectweek duurzaamheid'`)).length).toBe(1);
    expect(await membership(LEERLING)).toMatchObject({ active: true });
  });
});
