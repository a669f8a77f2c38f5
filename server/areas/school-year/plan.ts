/**
 * The year change as a pure function (issue 31): this year's classes and students plus the
 * administrator's edits in, the plan out. The preview answers it as is; the apply writes it. One
 * function for both, so what the summary promised is what happens.
 */
import { dutchDay } from '../../dutch-dates';
import type { ClassPlan, NewClassPlan, StudentPlan, YearCounts, YearPlan } from '../../../src/api/school-year/types';
import { badRequest } from '../../http-error';

export interface CurrentClass {
  id: number;
  name: string;
  level: string;
  mainTeacherId: number | null;
  answersActivated: boolean;
  studentIds: number[];
  chapterIds: number[];
}

export interface CurrentStudent {
  id: number;
  name: string;
  level: string | null;
  /** Her classes this year, lowest id first. */
  classIds: number[];
}

export interface PlanInput {
  name: string;
  startsOn: string;
  classes?: { id: number; action?: 'door' | 'stopt'; nextName?: string; nextLevel?: string }[];
  students?: { id: number; action?: 'door' | 'zitten' | 'weg'; nextLevel?: string; nextClass?: string | null }[];
}

export interface SchoolNow {
  classes: CurrentClass[];
  students: CurrentStudent[];
  /** Study level keys and their labels (configuration). */
  levels: Record<string, string>;
  /** Modules the school has licences for. */
  licensedChapters: number[];
}

/** A new class as the apply makes it: the plan's row plus what it takes over from this year's classes. */
export interface NewClassSpec extends NewClassPlan {
  mainTeacherId: number | null;
  answersActivated: boolean;
  chapterIds: number[];
  studentIds: number[];
  /** This year's class ids whose teachers' and students' 'current class' move to it. */
  sourceIds: number[];
}

export interface FullPlan extends YearPlan {
  specs: NewClassSpec[];
}

/** vmbo takes four years on every learning path (basis, kader, gl-tl); a class of the last year leaves. */
const LAST_YEAR = 4;
// Months a leaver's data is kept after she leaves (docs/decisions.md, issue 31).
const RETENTION_MONTHS = 12;

/** One spelling of a class name for comparing ('3 k' and '3K' are one class). */
const key = (name: string) => name.trim().replace(/\s+/g, '').toLowerCase();

const yearOf = (name: string): number | null => {
  const m = /^\s*(\d{1,2})/.exec(name);
  return m ? Number(m[1]) : null;
};

/** '1B' → '2B', '2B-a' → '3B-a'; a name without a leerjaar stays as it is. */
const nextClassName = (name: string) => name.trim().replace(/^(\d{1,2})/, (n) => String(Number(n) + 1));

/** Checks the year's name and start date, and gives the previous year's name. */
function checkYear(name: string, startsOn: string): { previousName: string; retentionUntil: string } {
  const m = /^(\d{4})-(\d{4})$/.exec(name.trim());
  const first = Number(m?.[1]);
  if (!m || Number(m[2]) !== first + 1) {
    throw badRequest(`‘${name}’ is geen schooljaar: schrijf het als twee opeenvolgende jaren, bijvoorbeeld 2027-2028.`, {
      name: 'Schrijf het schooljaar als 2027-2028.',
    });
  }
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(startsOn);
  const date = d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))) : null;
  if (!d || !date || date.toISOString().slice(0, 10) !== startsOn) {
    throw badRequest('Kies de datum waarop het nieuwe schooljaar begint.', { startsOn: 'Kies een geldige datum.' });
  }
  if (date.getUTCFullYear() !== first || date.getUTCMonth() < 6) {
    throw badRequest(
      `De startdatum ${dutchDay(startsOn)} past niet bij schooljaar ${name}: kies een datum tussen 1 juli en 31 december ${first}.`,
      {
        startsOn: `Kies een datum in de tweede helft van ${first}.`,
      },
    );
  }
  const until = new Date(date);
  until.setUTCMonth(until.getUTCMonth() + RETENTION_MONTHS);
  return { previousName: `${first - 1}-${first}`, retentionUntil: until.toISOString().slice(0, 10) };
}

function planClasses(now: SchoolNow, input: PlanInput): ClassPlan[] {
  const edits = new Map((input.classes ?? []).map((e) => [e.id, e]));
  for (const id of edits.keys()) {
    if (!now.classes.some((c) => c.id === id))
      throw badRequest(`Klas ${id} hoort niet bij de klassen van dit schooljaar. Laad het overzicht opnieuw.`);
  }
  const labels = Object.values(now.levels).join(', ');
  return now.classes.map((c): ClassPlan => {
    const year = yearOf(c.name);
    const last = year !== null && year >= LAST_YEAR;
    const e = edits.get(c.id);
    const action = e?.action ?? (last ? 'stopt' : 'door');
    const nextName = (e?.nextName ?? nextClassName(c.name)).trim().replace(/\s+/g, ' ');
    const nextLevel = e?.nextLevel ?? c.level;
    if (action === 'door' && !nextName) throw badRequest(`Vul een naam in voor de nieuwe klas van ${c.name}.`);
    if (action === 'door' && !Object.hasOwn(now.levels, nextLevel))
      throw badRequest(`Kies een niveau voor de nieuwe klas van ${c.name}: ${labels}.`);
    const edited = e !== undefined && (action !== (last ? 'stopt' : 'door') || nextName !== nextClassName(c.name) || nextLevel !== c.level);
    return {
      id: c.id,
      name: c.name,
      level: c.level,
      studentCount: c.studentIds.length,
      year,
      action,
      nextName,
      nextLevel,
      edited,
      ...(last && action === 'stopt' ? { reason: 'eindexamenjaar' } : {}),
    };
  });
}

/** The continuing classes grouped by their next name: two classes given one name are merged. */
function mergeClasses(plans: ClassPlan[], byId: Map<number, CurrentClass>, levels: Record<string, string>): Map<string, NewClassSpec> {
  const specs = new Map<string, NewClassSpec>();
  for (const p of plans) {
    if (p.action !== 'door') continue;
    const src = byId.get(p.id) as CurrentClass;
    const spec = specs.get(key(p.nextName));
    if (spec && spec.level !== p.nextLevel) {
      const [a, b] = [levels[spec.level] ?? spec.level, levels[p.nextLevel] ?? p.nextLevel];
      throw badRequest(
        `De klassen ${spec.from.join(' en ')} en ${p.name} worden samengevoegd tot ${spec.name}, maar hebben een ander niveau (${a} en ${b}). Kies één niveau.`,
      );
    }
    if (spec) {
      spec.from.push(p.name);
      spec.sourceIds.push(p.id);
      spec.chapterIds = [...new Set([...spec.chapterIds, ...src.chapterIds])].sort((x, y) => x - y);
      continue;
    }
    specs.set(key(p.nextName), {
      ...{ name: p.nextName, level: p.nextLevel, studentCount: 0, from: [p.name], sourceIds: [p.id], studentIds: [] },
      ...{ mainTeacherId: src.mainTeacherId, answersActivated: src.answersActivated, chapterIds: [...src.chapterIds] },
    });
  }
  return specs;
}

function planStudents(
  now: SchoolNow,
  input: PlanInput,
  plans: ClassPlan[],
  specs: Map<string, NewClassSpec>,
  byId: Map<number, CurrentClass>,
): StudentPlan[] {
  const edits = new Map((input.students ?? []).map((e) => [e.id, e]));
  for (const id of edits.keys()) {
    if (!now.students.some((s) => s.id === id))
      throw badRequest(`Leerling ${id} hoort niet bij de leerlingen van deze school. Laad het overzicht opnieuw.`);
  }
  const planOf = new Map(plans.map((p) => [p.id, p]));
  return now.students.map((s): StudentPlan => {
    const own = s.classIds.map((id) => planOf.get(id)).filter((p): p is ClassPlan => p !== undefined);
    const goesOn = own.find((p) => p.action === 'door');
    const defaultAction = goesOn || own.length === 0 || !own.some((p) => p.reason) ? 'door' : 'weg';
    const defaultClass = goesOn?.nextName ?? null;
    const e = edits.get(s.id);
    const action = e?.action ?? defaultAction;
    const nextLevel = e?.nextLevel ?? s.level;
    const who = s.name || `Leerling ${s.id}`;
    if (nextLevel !== null && nextLevel !== s.level && !Object.hasOwn(now.levels, nextLevel)) {
      throw badRequest(`Kies voor ${who} een leerweg: ${Object.values(now.levels).join(', ')}.`);
    }
    let nextClass: string | null = null;
    if (action !== 'weg') {
      const asked = e?.nextClass === undefined ? (action === 'zitten' ? (own[0]?.name ?? null) : defaultClass) : e.nextClass;
      nextClass = asked === null ? null : asked.trim().replace(/\s+/g, ' ');
      if (nextClass !== null && !specs.has(key(nextClass))) {
        // Staying behind in a class of her own name: that class is made for the new year if the plan has none.
        const old = own.find((p) => key(p.name) === key(nextClass as string));
        if (!old) throw badRequest(`${who} kan niet naar klas ${nextClass}: die klas bestaat niet in het nieuwe schooljaar.`);
        const src = byId.get(old.id) as CurrentClass;
        specs.set(key(nextClass), {
          ...{ name: old.name, level: old.level, studentCount: 0, from: [], sourceIds: [], studentIds: [] },
          ...{ mainTeacherId: src.mainTeacherId, answersActivated: src.answersActivated, chapterIds: [...src.chapterIds] },
        });
      }
    }
    const spec = nextClass === null ? undefined : specs.get(key(nextClass));
    if (spec) {
      spec.studentIds.push(s.id);
      spec.studentCount++;
      nextClass = spec.name;
    }
    const edited =
      e !== undefined &&
      (action !== defaultAction || nextLevel !== s.level || nextClass !== (action === 'door' ? defaultClass : nextClass));
    return { id: s.id, name: s.name, classNames: own.map((p) => p.name), level: s.level, action, nextLevel, nextClass, edited };
  });
}

/** Licences in use, summed over the licensed modules: distinct students in a class with that module. */
function licencesUsed(rooms: { chapterIds: number[]; studentIds: number[] }[], licensed: number[]): number {
  return licensed.reduce((sum, ch) => sum + new Set(rooms.filter((r) => r.chapterIds.includes(ch)).flatMap((r) => r.studentIds)).size, 0);
}

export function makePlan(now: SchoolNow, input: PlanInput): FullPlan {
  const { previousName, retentionUntil } = checkYear(input.name, input.startsOn);
  const byId = new Map(now.classes.map((c) => [c.id, c]));
  const classes = planClasses(now, input);
  const specMap = mergeClasses(classes, byId, now.levels);
  const students = planStudents(now, input, classes, specMap, byId);
  const specs = [...specMap.values()];
  const count = (a: StudentPlan['action']) => students.filter((s) => s.action === a).length;
  const counts: YearCounts = {
    classesBefore: now.classes.length,
    classesAfter: specs.length,
    students: students.length,
    door: count('door'),
    zitten: count('zitten'),
    weg: count('weg'),
    levelChanges: students.filter((s) => s.action !== 'weg' && s.nextLevel !== s.level).length,
    withoutClass: students.filter((s) => s.action !== 'weg' && s.nextClass === null).length,
    licencesNow: licencesUsed(now.classes, now.licensedChapters),
    licencesNext: licencesUsed(specs, now.licensedChapters),
  };
  const newClasses = specs.map(({ name, level, studentCount, from }) => ({ name, level, studentCount, from }));
  return {
    name: input.name.trim(),
    startsOn: input.startsOn,
    previousName,
    retentionUntil,
    classes,
    students,
    newClasses,
    counts,
    lastApplied: null,
    specs,
  };
}
