/**
 * The student data export (students/export/{id}) has a limit per user sized to real use (20 exports
 * of a 96 MB student in a row sent 1.9 GB), and its ZIP entry names keep no line or paragraph
 * separator nor C1 control (U+2028, U+2029, U+0085), as they keep no C0 control.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../server/auth/rate-limit';
import { CONTROL_IN_NAME } from '../../server/files/file-types';
import { multipartBody, tinyPdf } from '../helpers/catalogue-samples';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let clock = new Date('2026-03-02T08:00:00Z');
let t: TestApp;
let student: number;
const BYTES = new TextEncoder().encode('haar werk');

beforeAll(async () => {
  t = await createTestApp({}, () => clock);
  [{ id: student }] = (await t.db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1
      WHERE u.role = 'STUDENT' AND EXISTS (SELECT 1 FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id WHERE p.user_id = u.id)
      ORDER BY u.id LIMIT 1`,
  )) as [{ id: number }];
  // A file whose stored name holds the separators and controls, as a name stored before the
  // upload's cleaning caught them would.
  await t.context.files.put('uploads/export-namen', BYTES);
  await t.db.query(
    `INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key)
     VALUES ('export-namen', 1, $1, $2, 'application/pdf', $3, 'uploads/export-namen')`,
    [student, 'a\u2028b\u2029c\u0085d\u0001e\u202Ef.pdf', BYTES.length],
  );
  await t.db.query(
    `INSERT INTO portfolio_block_items (block_id, index_number, file_id)
     SELECT b.id, 98, 'export-namen' FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE p.user_id = $1 ORDER BY b.id LIMIT 1`,
    [student],
  );
});
afterAll(() => t.close());

const exportAs = async (who: string) =>
  t.fastify.inject({ method: 'GET', url: `/api/students/export/${student}`, headers: await t.as(who) });
const exportsLogged = async () =>
  (
    await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM student_access_log WHERE student_id = $1 AND action = 'EXPORT'`, [
      student,
    ])
  )[0]!.n;

describe('the ZIP entry names', () => {
  it('replace U+2028, U+2029 and U+0085 as they replace C0 controls (and bidi controls)', async () => {
    const res = await exportAs(COLLEGA);
    expect(res.statusCode, res.body).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    const ours = names.find((n) => n.startsWith('bestanden/export-namen-'));
    expect(ours).toBe('bestanden/export-namen-a_b_c_d_e_f.pdf');
    for (const name of names) expect(name).not.toMatch(CONTROL_IN_NAME);
  });

  it('an uploaded name loses them too', async () => {
    const body = await multipartBody([{ name: 'les\u0085plan\u2028week\u2029.pdf', bytes: tinyPdf() }]);
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/documents/add',
      headers: { ...(await t.as(COLLEGA)), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.query<{ filename: string }>(`SELECT filename FROM files ORDER BY created_at DESC LIMIT 1`);
    expect(row?.filename).toBe('lesplanweek.pdf');
  });
});

describe('the export limit', () => {
  it(`allows ${RULES.dataExport.free} exports an hour per user; the next is a 429 saying in Dutch how long to wait`, async () => {
    const logged = await exportsLogged();
    for (let i = 0; i < RULES.dataExport.free; i++) expect((await exportAs(DOCENT)).statusCode).toBe(200);
    const refused = await exportAs(DOCENT);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json().error.message).toBe(
      'Je hebt kort na elkaar veel leerlinggegevens gedownload. Probeer het over 60 minuten opnieuw.',
    );
    expect(refused.headers['retry-after']).toBe('3600');
    // Refused before anything is read: no export in her access log for it.
    expect(await exportsLogged()).toBe(logged + RULES.dataExport.free);

    // Per user: another ADMIN of the school still exports.
    expect((await exportAs(COLLEGA)).statusCode).toBe(200);
    // The wait shrinks with the clock, and once the hour is over it works again.
    clock = new Date(clock.getTime() + 45 * 60_000);
    expect((await exportAs(DOCENT)).json().error.message).toMatch(/over 15 minuten opnieuw\.$/);
    clock = new Date(clock.getTime() + 15 * 60_000);
    expect((await exportAs(DOCENT)).statusCode).toBe(200);
  });
});
