/** Teachers, students and classes of the two demo schools. */
import type { StudyLevel } from './content';
import type { ClassroomRow, Model, StudentRow, TeacherRow } from './model';
import { COLLEGA, DOCENT, emailPart, FIRST_NAMES, LAST_NAMES, LEERLING, OTHER_TEACHERS } from './people';
import { DAY, HOUR, MINUTE } from './random';

export const DOCENT_ID = 1;
export const COLLEGA_ID = 2;
export const LEERLING_ID = 3;
/** docent's current classroom ('1B' at Het Baken): it has OPEN check requests. */
export const DOCENT_CLASSROOM_ID = 1;
const FIRST_STUDENT_ID = 4 + OTHER_TEACHERS.length;

const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Teachers by e-mail, so the class list below reads well. */
const t = (email: string) => {
  if (email === DOCENT.email) return DOCENT_ID;
  if (email === COLLEGA.email) return COLLEGA_ID;
  const i = OTHER_TEACHERS.findIndex((x) => x.email === email);
  if (i < 0) throw new Error(`unknown teacher ${email}`);
  return 4 + i;
};

interface ClassSource {
  org: number;
  name: string;
  level: StudyLevel;
  /** Students may also be basis or kader in combined ('BK') classes. */
  mixed?: boolean;
  teacher: number;
  size: number;
  answers?: boolean;
  chapters: number[];
}

// Chapter ids follow SECTIONS: 1-4 Maatschappijleer 1, 5-8 Maatschappijleer 2, 9-11 Burgerschap.
const CLASSES: readonly ClassSource[] = [
  { org: 1, name: '1B', level: 'basis', teacher: DOCENT_ID, size: 26, answers: true, chapters: [1, 2, 3, 5] },
  { org: 1, name: '1K', level: 'kader', teacher: DOCENT_ID, size: 28, chapters: [1, 2, 3, 4, 5] },
  { org: 1, name: '2B-a', level: 'basis', teacher: DOCENT_ID, size: 24, answers: true, chapters: [5, 6, 7] },
  { org: 1, name: '3GT', level: 'gl-tl', teacher: DOCENT_ID, size: 27, chapters: [5, 6, 7, 8, 11] },
  { org: 1, name: '1GT', level: 'gl-tl', teacher: COLLEGA_ID, size: 29, chapters: [1, 2, 3, 4, 9, 10] },
  { org: 1, name: '2K-a', level: 'kader', teacher: COLLEGA_ID, size: 25, answers: true, chapters: [5, 6, 9] },
  { org: 1, name: '2K-b', level: 'kader', teacher: COLLEGA_ID, size: 27, chapters: [5, 6] },
  { org: 1, name: '3BK', level: 'kader', mixed: true, teacher: t('l.bakker@hetbaken.nl'), size: 28, chapters: [5, 7, 9, 10] },
  { org: 1, name: '3K', level: 'kader', teacher: t('m.bouzid@hetbaken.nl'), size: 26, chapters: [5, 6, 7, 8] },
  { org: 1, name: '4BK', level: 'basis', mixed: true, teacher: t('e.visser@hetbaken.nl'), size: 22, answers: true, chapters: [7, 9, 10] },
  { org: 1, name: '4GT', level: 'gl-tl', teacher: t('j.smit@hetbaken.nl'), size: 28, chapters: [7, 8, 11] },
  // Empty: it can be deleted.
  { org: 1, name: '2GT', level: 'gl-tl', teacher: t('m.bouzid@hetbaken.nl'), size: 0, chapters: [1, 2, 3] },
  { org: 2, name: '1BK', level: 'kader', mixed: true, teacher: DOCENT_ID, size: 15, chapters: [1, 2, 5] },
  { org: 2, name: '2GT', level: 'gl-tl', teacher: t('k.mulder@delinde.nl'), size: 15, answers: true, chapters: [5, 6, 8] },
  { org: 2, name: '3K', level: 'kader', teacher: t('i.deboer@delinde.nl'), size: 12, chapters: [7, 9] },
];

const ORPHANS = 8;
const IDLE = 15;

export function buildSchool(m: Model, hashes: { docent: string; collega: string; leerling: string }): void {
  const { rng } = m;
  const codes = new Set<string>();
  const accessCode = () => {
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i++) code += rng.pick([...ACCESS_CODE_ALPHABET]);
      if (!codes.has(code)) {
        codes.add(code);
        return code;
      }
    }
  };
  m.classrooms = CLASSES.map((c, i): ClassroomRow => ({
    id: i + 1,
    orgId: c.org,
    name: c.name,
    accessCode: accessCode(),
    mainTeacherId: c.teacher,
    level: c.level,
    answersActivated: c.answers ?? false,
    chapterIds: c.chapters,
    studentIds: [],
    createdAt: m.ago(rng.int(60, 110) * DAY),
  }));

  // Teachers.
  const teacher = (id: number, src: (typeof OTHER_TEACHERS)[number], hash: string | null): TeacherRow => {
    const own = m.classrooms.find((c) => c.mainTeacherId === id && c.orgId === src.organisations[0]);
    return {
      id,
      email: src.email,
      name: src.name,
      passwordHash: hash,
      organisations: src.organisations,
      currentOrg: src.organisations[0] ?? 1,
      currentClassroomId: own?.id ?? null,
      studyLevel: src.study_level ?? null,
      inactiveSince: src.inactive ? m.ago(61 * DAY) : null,
      invitedAt: src.invitedOnly ? m.ago(5 * DAY) : null,
      regDate: src.invitedOnly ? m.ago(5 * DAY) : m.ago(rng.int(200, 900) * DAY),
      lastLogin: src.invitedOnly ? null : src.inactive ? m.ago(68 * DAY) : m.ago(rng.int(2, 20 * 24) * HOUR),
    };
  };
  m.teachers = [
    { ...teacher(DOCENT_ID, DOCENT, hashes.docent), currentClassroomId: DOCENT_CLASSROOM_ID, lastLogin: m.ago(40 * MINUTE) },
    { ...teacher(COLLEGA_ID, COLLEGA, hashes.collega), lastLogin: m.ago(26 * HOUR) },
    ...OTHER_TEACHERS.map((src, i) => teacher(4 + i, src, null)),
  ];

  // Students: classes in order, then the ones without a class.
  const usedEmails = new Set<string>();
  let nextId = FIRST_STUDENT_ID;
  const student = (orgId: number, level: StudyLevel, classIds: number[]): StudentRow => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const domain = orgId === 1 ? 'leerling.hetbaken.nl' : 'leerling.delinde.nl';
    let n = 1;
    while (usedEmails.has(`${emailPart(first)}.${emailPart(last)}.${n}@${domain}`)) n++;
    const email = `${emailPart(first)}.${emailPart(last)}.${n}@${domain}`;
    usedEmails.add(email);
    const regDate = m.ago(rng.int(40, 100) * DAY + rng.int(0, 600) * MINUTE);
    const lastLogin = m.ago(rng.int(1, 21 * 24 * 60) * MINUTE);
    return {
      id: nextId++,
      orgId,
      email,
      name: `${first} ${last}`,
      level,
      isExternal: rng.chance(0.2),
      canSwitchLevel: !rng.chance(0.1),
      classIds,
      regDate,
      lastLogin,
      lastActive: new Date(lastLogin.getTime() + rng.int(2, 80) * MINUTE),
      lastLessonId: null,
    };
  };
  const students: StudentRow[] = [];
  m.classrooms.forEach((c, i) => {
    const src = CLASSES[i];
    if (!src) return;
    for (let k = 0; k < src.size; k++) {
      const level: StudyLevel = src.mixed ? rng.pick(['basis', 'kader'] as const) : src.level;
      const s = student(c.orgId, level, [c.id]);
      if (c.id === DOCENT_CLASSROOM_ID && k === 0) {
        // The demo student account: the first of 1B.
        Object.assign(s, { id: LEERLING_ID, email: LEERLING.email, name: LEERLING.name, level: LEERLING.study_level, isExternal: false });
        nextId--;
      }
      students.push(s);
      c.studentIds.push(s.id);
    }
  });
  for (let k = 0; k < ORPHANS; k++) {
    const s = student(1, rng.pick(['basis', 'kader', 'gl-tl'] as const), []);
    if (k < 3) Object.assign(s, { lastLogin: null, lastActive: null });
    students.push(s);
  }

  // A few students in two classes.
  const addTo = (fromName: string, toName: string, count: number) => {
    const from = m.classrooms.find((c) => c.orgId === 1 && c.name === fromName);
    const to = m.classrooms.find((c) => c.orgId === 1 && c.name === toName);
    if (!from || !to) throw new Error('unknown class');
    for (const id of from.studentIds.slice(-count)) {
      to.studentIds.push(id);
      students.find((s) => s.id === id)?.classIds.push(to.id);
    }
  };
  addTo('1B', '2B-a', 3);
  addTo('2K-a', '2K-b', 3);

  // Idle students: last login more than six months ago.
  const candidates = students.filter((s) => s.orgId === 1 && s.classIds.length === 1 && s.id !== LEERLING_ID);
  for (const s of rng.sample(candidates, IDLE)) {
    const lastLogin = m.ago(rng.int(190, 330) * DAY);
    Object.assign(s, { lastLogin, lastActive: new Date(lastLogin.getTime() + 20 * MINUTE), regDate: m.ago(rng.int(340, 420) * DAY) });
  }

  // Last visited lesson for most students with a class.
  for (const s of students) {
    const c = m.classrooms.find((x) => x.id === s.classIds[0]);
    if (c && s.lastLogin && rng.chance(0.9)) {
      const chapter = m.chapters.find((ch) => ch.id === rng.pick(c.chapterIds));
      if (chapter) s.lastLessonId = rng.pick(chapter.lessonIds);
    }
  }
  m.students = students.sort((a, b) => a.id - b.id);
}
