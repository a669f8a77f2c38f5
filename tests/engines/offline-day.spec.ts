/**
 * Issue #18 in Chromium and in WebKit (the iPad's engine): after 'Offline beschikbaar maken', with the
 * server stopped, a student form never opened shows, its portfolio item's feedback shows its picture,
 * an exam file is there, and a grade given offline is queued and arrives once the server is back.
 * The timing and the second run's 304s are measured in tests/e2e/offline-day.spec.ts (Chromium).
 */
import type { Classroom, Student } from '../../src/api/classrooms/types';
import type { Exam } from '../../src/api/exams/types';
import type { PortfolioDetail, PortfolioItem } from '../../src/api/portfolios/types';
import type { UserDetails } from '../../src/api/students/types';
import { apiGet, tokenFor } from '../e2e/api';
import { button, click, eventually, find, heading, signIn, syncStatus, testId, waitFor, workerReady } from './app';
import { pattern } from './driver';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const DOCENT = 'docent@demoschool.nl';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A student of the last class with a picture in a portfolio item: nothing of theirs is opened in the app. */
async function plan(baseUrl: string) {
  const token = await tokenFor(baseUrl, DOCENT);
  const classes = await apiGet<Classroom[]>(baseUrl, 'classrooms/school', token);
  const exam = (await apiGet<Exam[]>(baseUrl, 'examinations/all', token))[0]!;
  for (const c of [...classes].reverse()) {
    for (const s of await apiGet<Student[]>(baseUrl, `classrooms/students/${c.id}`, token)) {
      const { items } = await apiGet<{ items: PortfolioItem[] }>(baseUrl, `portfolioItems/users/${s.id}`, token);
      for (const item of items) {
        const detail = await apiGet<PortfolioDetail>(baseUrl, `portfolioItems/details/${item.id}`, token);
        if (!detail.blocks[0]?.items.some((i) => i.content)) continue;
        const student = await apiGet<UserDetails>(baseUrl, `users/details/${s.id}`, token);
        const grade =
          detail.blocks[0].status === 'PERFECT'
            ? ({ status: 'GOOD', label: 'Voldoende' } as const)
            : ({ status: 'PERFECT', label: 'Goed' } as const);
        return { token, student, item, grade, exam };
      }
    }
  }
  throw new Error('no student with a portfolio picture');
}

test('prepared offline: an unopened student form, a portfolio picture and an exam file open with the server stopped, and a grade is queued', async ({
  app,
  server,
}) => {
  const p = await plan(server.url);
  await signIn(app, server.url, DOCENT);
  await workerReady(app);
  // Under the worker, as the app runs from the second opening on.
  await app.reload();
  await find(app, heading('Dashboard'));

  await click(app, testId('sync-status'));
  await click(app, button('Offline beschikbaar maken', { within: '[data-testid="offline-copy"]' }));
  const ready = await find(
    app,
    testId(
      'offline-ready',
      /^Klaar voor offline: 12 klassen, \d+ leerlingen, \d+ portfolio-onderdelen · [\d,]+ MB · bijgewerkt \d\d:\d\d$/,
    ),
    {
      timeout: 90_000,
      message: 'the ready text',
    },
  );
  console.log(`${app.engine}: ${await app.evaluate((css) => document.querySelector(css)?.textContent ?? '', ready)}`);
  await server.stop();

  // A full load, as when the teacher opens the app in the morning: the worker serves the prepared data.
  await app.reopen(`${server.url}/students/form/${p.student.id}`);
  await find(app, heading(`Profiel ${p.student.email} wijzigen`), { timeout: 20_000 });
  await click(app, { css: '[role="tab"]', name: 'Portfolio' });
  await click(app, { css: 'button', name: pattern(new RegExp(escaped(p.item.lessonTitle))) });
  await find(app, { css: '[role="dialog"] section' });
  await waitFor(
    app,
    () => [...document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')].some((img) => img.complete && img.naturalWidth > 0),
    undefined,
    {
      message: 'the portfolio picture shown offline',
    },
  );

  await click(app, button(p.grade.label, { within: '[role="dialog"] section' }));
  await waitFor(
    app,
    (name) =>
      [...document.querySelectorAll('[role="dialog"] section')][0]?.querySelector('button[aria-pressed="true"]')?.textContent?.trim() ===
      name,
    p.grade.label,
  );
  await syncStatus(app, /^\d+ wachten$/);

  // The exam file, as the exams screen opens it offline (through the worker, from the offline copy).
  const exam = await app.evaluate(async (id) => {
    const res = await fetch(`/api/files/${encodeURIComponent(id)}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, head: String.fromCharCode(...bytes.slice(0, 5)) };
  }, p.exam.contentFileId);
  expect(exam).toEqual({ status: 200, head: '%PDF-' });

  await server.start();
  await eventually(
    () => apiGet<PortfolioDetail>(server.url, `portfolioItems/details/${p.item.id}`, p.token),
    (d) => d.blocks[0]?.status === p.grade.status,
    { timeout: 20_000, message: 'the offline grade on the server' },
  );
});
