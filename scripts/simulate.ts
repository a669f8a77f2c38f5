/**
 * Plays a class of students against a running server, through the calls of the students' app only,
 * so the teacher's feed, the alert and the push notifications can be seen live:
 *
 *   npm run simulate -- --url http://127.0.0.1:8080 --class ABC234 --students 25 --minutes 10 [--speed 1]
 *
 * Students register with the class code, sign in, and then work through the class's lessons a few
 * (simulated) seconds apart: ask for checks (some withdrawn again), submit portfolio work, finish
 * quizzes. One summary line per simulated minute. --speed 10 runs ten times faster.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { buildPath } from '../src/api/endpoint';
import { classrooms } from '../src/api/classrooms/endpoints';
import { session } from '../src/api/session/endpoints';
import { studentsApp } from '../src/api/students-app/endpoints';
import type { StudentLesson } from '../src/api/students-app/types';
import type { Classroom } from '../src/api/classrooms/types';

export interface SimOptions {
  url: string;
  /** Class code; when missing, the demo teacher's first class. */
  classCode?: string;
  students: number;
  minutes: number;
  /** Simulated seconds per real second. */
  speed: number;
  log?: (line: string) => void;
}

export interface SimCounts {
  registrations: number;
  logins: number;
  checkRequests: number;
  withdrawn: number;
  portfolioItems: number;
  quizzes: number;
  errors: number;
}

const DEMO_TEACHER = { email: 'docent@demoschool.nl', password: 'Welkom123' };
const FIRST_NAMES = [
  'Sem',
  'Noah',
  'Liam',
  'Daan',
  'Luuk',
  'Emma',
  'Julia',
  'Mila',
  'Sara',
  'Tess',
  'Yara',
  'Ayoub',
  'Fenna',
  'Milan',
  'Zoë',
  'Bram',
  'Lotte',
  'Ibrahim',
  'Nina',
  'Jesse',
];
const LAST_NAMES = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Yilmaz',
  'El Amrani',
  'Mulder',
  'de Boer',
  'Kok',
  'Bos',
  'Peters',
];
const REFLECTIONS = [
  'Ik heb geleerd hoe je een mening onderbouwt met argumenten.',
  'Het was lastig om bronnen te vinden, maar het lukte met hulp.',
  'Volgende keer begin ik eerder en verdeel ik het werk beter.',
  'Ik vond het interessant om te zien hoe anderen erover denken.',
];
// 1×1 transparent PNG: the portfolio photo of every simulated student.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function summary(c: SimCounts): string {
  const parts = [
    plural(c.registrations, 'aanmelding', 'aanmeldingen'),
    plural(c.logins, 'login', 'logins'),
    `${plural(c.checkRequests, 'controleaanvraag', 'controleaanvragen')} (${c.withdrawn} ingetrokken)`,
    plural(c.portfolioItems, 'portfoliostuk', 'portfoliostukken'),
    plural(c.quizzes, 'toets', 'toetsen'),
  ];
  if (c.errors > 0) parts.push(plural(c.errors, 'fout', 'fouten'));
  return parts.join(', ');
}

const zero = (): SimCounts => ({ registrations: 0, logins: 0, checkRequests: 0, withdrawn: 0, portfolioItems: 0, quizzes: 0, errors: 0 });

/** Waits `ms` or until the signal fires, whichever comes first; never throws. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
  });
}

interface Answer {
  status: number;
  body: unknown;
}

class Client {
  token: string | null = null;
  constructor(
    private readonly base: string,
    private readonly signal: AbortSignal,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: object | FormData | URLSearchParams): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (method !== 'GET') headers['idempotency-key'] = randomUUID();
    let payload: FormData | URLSearchParams | string | undefined;
    if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
    else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(new URL(path, this.base), { method, headers, body: payload, signal: this.signal });
    const text = await res.text();
    try {
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      return { status: res.status, body: text };
    }
  }

  /** users/authenticate as the portal and the students' app send it: form-encoded, password in base64. */
  async signIn(email: string, password: string): Promise<Answer> {
    const form = new URLSearchParams({ email, password: Buffer.from(password).toString('base64'), encoding: 'base64' });
    const answer = await this.call('POST', session.authenticate.path, form);
    if (answer.status === 200) this.token = (answer.body as { accessToken: string }).accessToken;
    return answer;
  }
}

/** The demo teacher's first visible class code. */
async function defaultClassCode(base: string, signal: AbortSignal): Promise<string> {
  const teacher = new Client(base, signal);
  const login = await teacher.signIn(DEMO_TEACHER.email, DEMO_TEACHER.password);
  if (login.status !== 200) throw new Error(`Inloggen als ${DEMO_TEACHER.email} lukte niet (${login.status}); geef --class op.`);
  const rooms = await teacher.call('GET', classrooms.school.path);
  const room = ((rooms.body as Classroom[] | null) ?? []).filter((c) => !c.hidden).sort((a, b) => a.id - b.id)[0];
  if (rooms.status !== 200 || !room) throw new Error('Geen klas gevonden bij de demodocent; geef --class op.');
  return room.accessCode;
}

/** One simulated student from registration to the end of the run. */
async function student(
  n: number,
  o: Required<Omit<SimOptions, 'log'>> & { runId: string },
  counts: SimCounts,
  signal: AbortSignal,
  cancel: AbortSignal,
): Promise<void> {
  const sim = (seconds: number) => sleep((seconds * 1000) / o.speed, signal);
  // The end of the run lets calls under way finish (so the counts match the server); Ctrl+C cancels them.
  const client = new Client(o.url, cancel);
  const failed = (what: string, a: Answer) => {
    counts.errors++;
    if (process.env.SIMULATE_DEBUG) console.warn(`leerling ${n}: ${what} → ${a.status} ${JSON.stringify(a.body)}`);
  };
  const email = `sim-${o.runId}-${n}@leerling.example`;
  const password = `Oefenen-${o.runId}`;

  // Students join over the first minute or two, not all at once.
  await sim(rand(0, Math.min(2, o.minutes) * 45));
  if (signal.aborted) return;
  const reg = await client.call('POST', studentsApp.register.path, {
    accessCode: o.classCode,
    email,
    name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    password,
  });
  if (reg.status !== 200) return failed('aanmelden', reg);
  counts.registrations++;

  const signIn = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < 6 && !signal.aborted; attempt++) {
      const a = await client.signIn(email, password);
      if (a.status === 200) {
        counts.logins++;
        return true;
      }
      // 20 sign-ins a minute per address (the server's rate limit): wait and try again.
      if (a.status !== 429) {
        failed('inloggen', a);
        return false;
      }
      await sleep(10_000, signal);
    }
    return false;
  };
  await sim(rand(3, 15));
  if (signal.aborted || !(await signIn())) return;

  /** A call that signs in again once when the access token ran out. */
  const call = async (method: 'GET' | 'POST', path: string, body?: object | FormData): Promise<Answer> => {
    let a = await client.call(method, path, body);
    if (a.status === 401 && (await signIn())) a = await client.call(method, path, body);
    return a;
  };

  const lessonsAnswer = await call('GET', studentsApp.lessons.path);
  const lessons = lessonsAnswer.status === 200 ? (lessonsAnswer.body as StudentLesson[]) : [];
  if (lessons.length === 0) return;
  let next = Math.floor(Math.random() * Math.min(lessons.length, 5));
  const withdrawals: Promise<void>[] = [];

  while (!signal.aborted) {
    await sim(rand(15, 60));
    if (signal.aborted) break;
    const lesson = lessons[next % lessons.length] as StudentLesson;
    const roll = Math.random();
    if (roll < 0.35) {
      const a = await call('POST', studentsApp.requestCheck.path, { lessonId: lesson.id });
      if (a.status === 409) continue; // one open request per lesson: the student waits for the teacher
      if (a.status !== 200) {
        failed('controle aanvragen', a);
        continue;
      }
      counts.checkRequests++;
      const id = (a.body as { id: number }).id;
      if (Math.random() < 0.3) {
        withdrawals.push(
          (async () => {
            await sim(rand(20, 120));
            if (signal.aborted) return;
            const c = await call('POST', buildPath(studentsApp.cancelCheck.path, { id }));
            if (c.status === 200) counts.withdrawn++;
            else if (c.status !== 409) failed('intrekken', c);
          })(),
        );
      }
    } else if (roll < 0.6) {
      const a = await call('POST', studentsApp.savePortfolioItem.path, {
        lessonId: lesson.id,
        submit: true,
        blocks: [
          { key: 'opdracht-1', type: 'FILE', items: [{ indexNumber: 1, description: `Mijn uitwerking van ${lesson.title}` }] },
          {
            key: 'reflectie',
            type: 'REFLECTION',
            items: [
              { indexNumber: 1, subtitle: 'Wat heb je geleerd?', value: pick(REFLECTIONS) },
              { indexNumber: 2, subtitle: 'Wat ging goed?', value: pick(REFLECTIONS) },
            ],
          },
        ],
      });
      if (a.status !== 200) {
        failed('portfolio', a);
        continue;
      }
      counts.portfolioItems++;
      if (Math.random() < 0.7) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'uitwerking.png');
        const up = await call('POST', buildPath(studentsApp.portfolioImage.path, { id: (a.body as { id: number }).id }), form);
        if (up.status !== 200) failed('afbeelding', up);
      }
      next++;
    } else if (roll < 0.9) {
      const total = pick([5, 8, 10, 12]);
      const a = await call('POST', studentsApp.quizResult.path, {
        lessonId: lesson.id,
        title: `Oefentoets ${lesson.title}`,
        good: Math.round(rand(total * 0.3, total)),
        total,
      });
      if (a.status === 200) counts.quizzes++;
      else failed('toets', a);
    } else {
      next++; // reads on to the next lesson
    }
  }
  await Promise.all(withdrawals);
}

/** Runs the class until the time is up or the signal fires; resolves with the totals. */
export async function runSimulation(opts: SimOptions, signal?: AbortSignal): Promise<SimCounts> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const base = opts.url.endsWith('/') ? `${opts.url}api/` : `${opts.url}/api/`;
  const speed = opts.speed > 0 ? opts.speed : 1;
  const total = zero();
  try {
    const classCode = opts.classCode ?? (await defaultClassCode(base, stop.signal));
    log(`klas ${classCode}: ${opts.students} leerlingen, ${opts.minutes} minuten${speed === 1 ? '' : ` (${speed}× versneld)`}`);
    const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const o = { url: base, classCode, students: opts.students, minutes: opts.minutes, speed, runId };
    const end = setTimeout(() => stop.abort(), (opts.minutes * 60_000) / speed);
    let printed = zero();
    let minute = 0;
    const report = () => {
      minute++;
      const delta = Object.fromEntries(
        Object.entries(total).map(([k, v]) => [k, v - printed[k as keyof SimCounts]]),
      ) as unknown as SimCounts;
      printed = { ...total };
      log(`minuut ${minute}: ${summary(delta)}`);
    };
    const ticker = setInterval(report, 60_000 / speed);
    const students = Array.from({ length: opts.students }, (_, i) =>
      student(i + 1, o, total, stop.signal, signal ?? new AbortController().signal).catch((err: unknown) => {
        // A call cancelled by Ctrl+C is the plan, not a failure.
        if (!signal?.aborted) {
          total.errors++;
          if (process.env.SIMULATE_DEBUG) console.warn(`leerling ${i + 1}:`, err);
        }
      }),
    );
    await Promise.all(students);
    clearTimeout(end);
    clearInterval(ticker);
    if (minute < opts.minutes && JSON.stringify(printed) !== JSON.stringify(total)) report();
    log(`totaal: ${summary(total)}`);
    return total;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

function parseArgs(argv: string[]): SimOptions {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const [k, v] = a.includes('=') ? (a.slice(2).split('=', 2) as [string, string]) : [a.slice(2), argv[++i] ?? ''];
    args.set(k, v);
  }
  const num = (k: string, d: number) => {
    const v = args.get(k);
    const n = v === undefined ? d : Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${k} moet een positief getal zijn.`);
    return n;
  };
  return {
    url: args.get('url') ?? 'http://127.0.0.1:8080',
    classCode: args.get('class') || undefined,
    students: Math.round(num('students', 12)),
    minutes: num('minutes', 3),
    speed: num('speed', 1),
  };
}

async function main(): Promise<void> {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.log('\ngestopt (Ctrl+C)');
    controller.abort();
  });
  let opts: SimOptions | undefined;
  try {
    opts = parseArgs(process.argv.slice(2));
    await runSimulation(opts, controller.signal);
    process.exitCode = 0;
  } catch (err) {
    if (controller.signal.aborted) return;
    const message = (err as Error).message;
    console.error(message === 'fetch failed' && opts ? `De server op ${opts.url} is niet bereikbaar.` : message);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
