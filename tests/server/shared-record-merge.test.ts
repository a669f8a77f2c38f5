/**
 * Issue 36: a queued edit of a shared record never silently overwrites a change made meanwhile. The
 * form sends `base` (the fields as she saw them); the server keeps what she did not change, takes
 * what she changed, and answers 409 with both values where someone else changed the same field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fields = Record<string, unknown>;

const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const get = async (url: string, who = DOCENT) =>
  (await t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) })).json<Fields>();

/**
 * One shared record as its form reads and saves it. `other` is who changes it meanwhile: a colleague,
 * or (for a record only its author edits) the author on another device.
 */
interface Case {
  record: string;
  details: string;
  save: string;
  other: string;
  /** The form's body from the record as read. */
  form: (r: Fields) => Fields;
  /** What the other one changes (field X), and what the queued edit changes (field Y). */
  theirs: Fields;
  mine: Fields;
  /** The same field changed by both: her value and the other's. */
  clash: { field: string; label: string; mine: unknown; theirs: unknown };
  message: (r: Fields) => string;
  /** Makes the record; answers its id. */
  make: () => Promise<number>;
}

const idOf = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
  const r = await res;
  expect(r.statusCode).toBe(200);
  return (r.json() as { id: number }).id;
};

let studentSeq = 0;
const cases: Case[] = [
  {
    record: 'the class form',
    details: 'classrooms/details/',
    save: 'classrooms/save',
    other: COLLEGA,
    form: (r) => ({
      id: r.id,
      name: r.name,
      mainTeacherId: r.mainTeacherId,
      accessCode: r.accessCode,
      defaultStudyLevel: r.defaultStudyLevel,
      answersActivated: r.answersActivated,
      chapters: r.chapters,
    }),
    theirs: { defaultStudyLevel: 'gl-tl' },
    mine: { name: '2B-offline' },
    clash: { field: 'chapters', label: 'Modules', mine: [1, 2], theirs: [3, 4] },
    message: (r) => `Een collega heeft klas ${String(r.name)} intussen ook gewijzigd.`,
    make: () =>
      idOf(
        post('classrooms/save', {
          id: 0,
          name: `Gedeeld ${Date.now()}`,
          defaultStudyLevel: 'basis',
          chapters: [5, 6],
          answersActivated: false,
        }),
      ),
  },
  {
    record: 'the student profile',
    details: 'users/details/',
    save: 'users/save',
    other: COLLEGA,
    form: (r) => ({ id: r.id, email: r.email, name: r.name, studyLevel: r.studyLevel, classrooms: r.classrooms }),
    theirs: { studyLevel: 'gl-tl' },
    mine: { name: 'Offline Naam' },
    clash: { field: 'name', label: 'Naam', mine: 'Naam van docent', theirs: 'Naam van collega' },
    message: (r) => `Een collega heeft het profiel van ${String(r.name)} intussen ook gewijzigd.`,
    make: async () => {
      const [row] = await t.db.query<{ id: number }>(
        `SELECT u.id FROM users u JOIN classroom_students cs ON cs.user_id = u.id JOIN classrooms c ON c.id = cs.classroom_id
          WHERE u.role = 'STUDENT' AND NOT u.is_external AND c.organisation_id = 1 AND u.id > 3 AND u.study_level = 'basis'
          ORDER BY u.id OFFSET $1 LIMIT 1`,
        [studentSeq++],
      );
      return row!.id;
    },
  },
  {
    record: 'the document form',
    details: 'documents/details/',
    save: 'documents/save',
    other: DOCENT,
    form: (r) => ({ id: r.id, title: r.title }),
    // One editable field: the other device renames it, her queued save leaves the title as she saw it.
    theirs: { title: 'Hernoemd op de laptop' },
    mine: {},
    clash: { field: 'title', label: 'Omschrijving', mine: 'Titel van de tablet', theirs: 'Titel van de laptop' },
    message: (r) => `Het lesmateriaal ‘${String(r.title)}’ is intussen ook op een ander apparaat gewijzigd.`,
    make: () => idOf(post('documents/save', { id: 0, title: `Werkblad ${Date.now()}` })),
  },
  {
    record: 'the wishlist idea',
    details: 'wishlistItems/details/',
    save: 'wishlistItems/save',
    other: DOCENT,
    form: (r) => ({ id: r.id, title: r.title, description: r.description, active: r.active }),
    theirs: { description: 'Uitgebreider beschreven op de laptop' },
    mine: { title: 'Betere titel van de tablet' },
    clash: { field: 'description', label: 'Omschrijving', mine: 'Tablet', theirs: 'Laptop' },
    message: (r) => `Het idee ‘${String(r.title)}’ is intussen ook op een ander apparaat gewijzigd.`,
    make: () => idOf(post('wishlistItems/save', { id: 0, title: `Idee ${Date.now()}`, description: 'Eerste versie' })),
  },
];

describe.each(cases)('$record with base', (c) => {
  /** The record as the offline teacher saw it, then changed by the other one meanwhile. */
  const seenThenChanged = async (theirs: Fields) => {
    const id = await c.make();
    const seen = await get(`${c.details}${id}`);
    const other = await post(c.save, { ...c.form(await get(`${c.details}${id}`, c.other)), ...theirs }, c.other);
    expect(other.statusCode).toBe(200);
    return { id, seen };
  };

  it('keeps the other change and takes hers when they touch different fields', async () => {
    const { id, seen } = await seenThenChanged(c.theirs);
    const res = await post(c.save, { ...c.form(seen), ...c.mine, base: c.form(seen) });
    expect(res.statusCode).toBe(200);
    expect(await get(`${c.details}${id}`)).toMatchObject({ ...c.theirs, ...c.mine });
  });

  it('answers 409 with both values and writes nothing when both changed the same field', async () => {
    const { id, seen } = await seenThenChanged({ [c.clash.field]: c.clash.theirs });
    const before = await get(`${c.details}${id}`);
    const res = await post(c.save, { ...c.form(seen), ...c.mine, [c.clash.field]: c.clash.mine, base: c.form(seen) });
    expect(res.statusCode).toBe(409);
    const body = res.json<{ error: { message: string }; reason: string; conflicts: unknown[]; current: Fields }>();
    expect(body.error.message).toBe(c.message(before));
    expect(body.reason).toBe('conflict');
    expect(body.conflicts).toEqual([{ field: c.clash.field, label: c.clash.label, mine: c.clash.mine, theirs: c.clash.theirs }]);
    expect(body.current).toEqual(before);
    expect(await get(`${c.details}${id}`)).toEqual(before);
  });

  it('takes her value when the other one made the same change', async () => {
    const { id, seen } = await seenThenChanged({ [c.clash.field]: c.clash.mine });
    const res = await post(c.save, { ...c.form(seen), [c.clash.field]: c.clash.mine, base: c.form(seen) });
    expect(res.statusCode).toBe(200);
    expect((await get(`${c.details}${id}`))[c.clash.field]).toEqual(c.clash.mine);
  });

  it('without base saves the whole form as before, over the other change', async () => {
    const { id, seen } = await seenThenChanged(c.theirs);
    // Her own name: a class name may be used once per school, and an earlier case used c.mine's.
    const res = await post(c.save, {
      ...c.form(seen),
      ...c.mine,
      ...(c.mine.name ? { name: `${String(c.mine.name)} (zonder base)` } : {}),
    });
    expect(res.statusCode).toBe(200);
    const now = await get(`${c.details}${id}`);
    for (const field of Object.keys(c.theirs)) expect(now[field]).toEqual(seen[field]);
  });
});

describe('portfolio feedback', () => {
  it('is append-only: two teachers’ queued feedback on one block are both kept', async () => {
    const [block] = await t.db.query<{ item_id: number; key: string }>(
      `SELECT b.portfolio_item_id AS item_id, b.key FROM portfolio_blocks b JOIN portfolio_items i ON i.id = b.portfolio_item_id
        WHERE i.organisation_id = 1 ORDER BY b.id LIMIT 1`,
    );
    const send = (message: string, who: string) =>
      post('portfolioItems/saveFeedback', { portfolioItemId: block!.item_id, key: block!.key, message }, who);
    expect((await send('Goed gedaan, van de tablet', DOCENT)).statusCode).toBe(200);
    const res = await send('Let op de spelling', COLLEGA);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Goed gedaan, van de tablet');
    expect(JSON.stringify(res.json())).toContain('Let op de spelling');
  });
});

describe('the school’s summer extension (licences) with base', () => {
  const info = async () => get('organisations/extendInfo');
  const save = (payload: object, who = DOCENT) => post('organisations/saveExtendInfo', payload, who);

  it('keeps a colleague’s contact address when she only ticked the box, and refuses a clash with 409', async () => {
    expect((await save({ extendIntention: false, extendContactEmail: '' })).statusCode).toBe(200);
    const seen = await info();
    expect((await save({ extendIntention: false, extendContactEmail: 'conciërge@hetbaken.nl' }, COLLEGA)).statusCode).toBe(200);
    // She ticked the box and left the address as she saw it (empty): the colleague's address stays.
    const merged = await save({ extendIntention: true, extendContactEmail: '', base: seen });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await info()).toEqual({ extendIntention: true, extendContactEmail: 'conciërge@hetbaken.nl' });

    const clash = await save({
      extendIntention: true,
      extendContactEmail: 'docent@demoschool.nl',
      base: { extendIntention: false, extendContactEmail: '' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      reason: 'conflict',
      conflicts: [
        { field: 'extendContactEmail', label: 'E-mail contactpersoon', mine: 'docent@demoschool.nl', theirs: 'conciërge@hetbaken.nl' },
      ],
      current: { extendIntention: true, extendContactEmail: 'conciërge@hetbaken.nl' },
    });
    expect(await info()).toEqual({ extendIntention: true, extendContactEmail: 'conciërge@hetbaken.nl' });
  });
});
