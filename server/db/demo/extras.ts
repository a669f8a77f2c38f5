/** Shared teaching material, exams, the wishlist and the licences of the demo. */
import type { Param } from '../database';
import { renderDemoPng } from '../../files/demo-png';
import { DEMO_DOCUMENTS, DEMO_EXAMS, DEMO_IMAGES, examFileIds, examFilename } from './files';
import type { Model } from './model';
import { DAY, HOUR, MINUTE } from './random';
import { COLLEGA_ID, DOCENT_ID } from './school';
import { WISH_COMMENTS, WISHES_DE_LINDE, WISHES_HET_BAKEN, type WishSource } from './texts';

/** Rows per table, each row the values of one INSERT. */
export type ExtraRows = Record<
  'files' | 'documents' | 'documentFiles' | 'exams' | 'wishlistItems' | 'wishlistComments' | 'wishlistVotes' | 'wishlistReads' | 'licences',
  Param[][]
>;

/** Chapter of the one overused licence row of Het Baken: 'Politiek en democratie'. */
export const OVERUSED_CHAPTER_ID = 5;

export function buildExtras(m: Model): ExtraRows {
  const { rng } = m;
  const teacherId = (email: string) => {
    const t = m.teachers.find((x) => x.email === email);
    if (!t) throw new Error(`unknown teacher ${email}`);
    return t.id;
  };
  const files: Param[][] = [];
  const documents: Param[][] = [];
  const documentFiles: Param[][] = [];
  DEMO_DOCUMENTS.forEach((doc, i) => {
    const owner = teacherId(doc.owner);
    const created = m.ago(rng.int(3, 70) * DAY + rng.int(0, 600) * MINUTE);
    documents.push([i + 1, 1, owner, doc.title, doc.hidden ?? false, created, new Date(created.getTime() + rng.int(0, 48) * HOUR)]);
    doc.files.forEach((f, position) => {
      files.push([f.id, 1, owner, f.filename, 'application/pdf', f.size, `demo/${f.id}`, created]);
      documentFiles.push([i + 1, f.id, f.title, position]);
    });
  });

  // Portfolio photos of Het Baken's students (their bytes are drawn at start, demo-files.ts).
  DEMO_IMAGES.forEach((img, i) =>
    files.push([img.id, 1, null, img.filename, 'image/png', renderDemoPng(i).length, `demo/${img.id}`, m.ago(60 * DAY)]),
  );

  const exams: Param[][] = [];
  DEMO_EXAMS.forEach((e, i) => {
    const n = i + 1;
    const ids = examFileIds(n);
    const published = m.ago(rng.int(120, 300) * DAY);
    const updated = new Date(published.getTime() + rng.int(0, 90) * DAY);
    files.push([
      ids.content,
      null,
      null,
      examFilename(e, false),
      'application/pdf',
      rng.int(80_000, 400_000),
      `demo/exam-${n}.pdf`,
      published,
    ]);
    files.push([
      ids.answers,
      null,
      null,
      examFilename(e, true),
      'application/pdf',
      rng.int(40_000, 200_000),
      `demo/exam-${n}-antwoorden.pdf`,
      published,
    ]);
    exams.push([n, e.section, e.title, e.variant, ids.content, ids.answers, e.hidden ?? false, published, updated]);
  });

  const wishlist = buildWishlist(m);
  return { files, documents, documentFiles, exams, ...wishlist, licences: buildLicences(m) };
}

function buildWishlist(m: Model) {
  const { rng } = m;
  const wishlistItems: Param[][] = [];
  const wishlistComments: Param[][] = [];
  const wishlistVotes: Param[][] = [];
  const wishlistReads: Param[][] = [];
  const activeTeachers = (org: number) =>
    m.teachers.filter((t) => t.organisations.includes(org) && t.inactiveSince === null && t.lastLogin !== null).map((t) => t.id);

  const add = (org: number, wishes: readonly WishSource[], authors: readonly number[], docentReads: readonly number[] | 'all') => {
    const voters = activeTeachers(org);
    wishes.forEach((w, k) => {
      const id = wishlistItems.length + 1;
      const author = authors[k % authors.length] ?? DOCENT_ID;
      const created = m.ago((w.done ? rng.int(150, 250) : rng.int(2, 120)) * DAY + rng.int(0, 600) * MINUTE);
      wishlistItems.push([id, org, author, w.title, w.description, w.done ? 0 : 1, created]);
      for (const v of voters) {
        if (v !== author && rng.chance(0.6)) wishlistVotes.push([id, v, rng.chance(0.75) ? 1 : -1]);
      }
      if (rng.chance(0.6)) {
        const n = rng.int(1, 4);
        for (let c = 0; c < n; c++) {
          const at = new Date(created.getTime() + (c + 1) * rng.int(2, 60) * HOUR);
          wishlistComments.push([
            wishlistComments.length + 1,
            id,
            rng.pick(voters),
            rng.pick(WISH_COMMENTS),
            at > m.now ? m.ago(MINUTE) : at,
          ]);
        }
      }
      for (const v of voters) {
        const read = v === DOCENT_ID ? docentReads === 'all' || docentReads.includes(k) : v === author || rng.chance(0.6);
        if (read) wishlistReads.push([id, v]);
      }
    });
  };
  const t = (email: string) => m.teachers.find((x) => x.email === email)?.id ?? COLLEGA_ID;
  // docent wrote items 0 and 3 and has read only some of the others (4 to 7 are unread).
  add(
    1,
    WISHES_HET_BAKEN,
    [
      DOCENT_ID,
      COLLEGA_ID,
      t('l.bakker@hetbaken.nl'),
      DOCENT_ID,
      t('m.bouzid@hetbaken.nl'),
      t('e.visser@hetbaken.nl'),
      t('j.smit@hetbaken.nl'),
      COLLEGA_ID,
      t('f.yilmaz@hetbaken.nl'),
      t('l.bakker@hetbaken.nl'),
    ],
    [0, 1, 2, 3, 8, 9],
  );
  add(2, WISHES_DE_LINDE, [t('k.mulder@delinde.nl'), t('i.deboer@delinde.nl')], 'all');
  return { wishlistItems, wishlistComments, wishlistVotes, wishlistReads };
}

/** One row per chapter any class uses; used = distinct students in the school's classes with that chapter. */
function buildLicences(m: Model): Param[][] {
  const rows: Param[][] = [];
  for (const org of [1, 2]) {
    const used = new Map<number, Set<number>>();
    for (const c of m.classrooms.filter((x) => x.orgId === org)) {
      for (const ch of c.chapterIds) {
        const set = used.get(ch) ?? new Set<number>();
        for (const s of c.studentIds) set.add(s);
        used.set(ch, set);
      }
    }
    for (const [chapterId, set] of [...used].sort((a, b) => a[0] - b[0])) {
      const count = org === 1 && chapterId === OVERUSED_CHAPTER_ID ? Math.max(0, set.size - 12) : set.size + m.rng.int(5, 30);
      rows.push([org, chapterId, count]);
    }
  }
  return rows;
}
