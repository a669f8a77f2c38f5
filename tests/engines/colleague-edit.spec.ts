/**
 * A colleague's concurrent edit of a student (issue 36), in Chromium and in WebKit: the teacher edits
 * the profile offline; meanwhile a colleague changed the same student on the server. A field only the
 * colleague changed is merged; the same field changed by both is never overwritten in silence: 'Niet
 * verzonden' shows both values.
 */
import type { PortfolioItem } from '../../src/api/portfolios/types';
import type { UserDetails } from '../../src/api/students/types';
import { openPglite } from '../../server/db/database';
import { apiGet, apiPost, tokenFor } from '../e2e/api';
import {
  button,
  click,
  closeNotices,
  eventually,
  field,
  fill,
  find,
  heading,
  signIn,
  syncStatus,
  tab,
  testId,
  waitFor,
  workerReady,
} from './app';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const DOCENT = 'docent@demoschool.nl';

async function someStudent(baseUrl: string) {
  const token = await tokenFor(baseUrl, DOCENT);
  const items = await apiPost<PortfolioItem[]>(baseUrl, 'portfolioItems/list?moduleFilters=0', token, {
    sort: 'newest',
    mode: 'all',
    query: '',
    page: 1,
  });
  for (const item of items) {
    const student = await apiGet<UserDetails>(baseUrl, `users/details/${item.userId}`, token);
    if (!student.isExternal) return { token, item, student };
  }
  throw new Error('no internal student');
}

for (const clash of [false, true]) {
  test(
    clash
      ? 'the same field changed by a colleague: both names shown, nothing overwritten'
      : 'a field only the colleague changed is merged with the offline edit',
    async ({ app, server }) => {
      const { token, item, student } = await someStudent(server.url);
      const mine = `Offline naam (${app.engine})`;
      const theirs = `Naam van collega (${app.engine})`;
      const otherLevel = student.studyLevel === 'basis' ? 'kader' : 'basis';

      await signIn(app, server.url, DOCENT);
      await workerReady(app);
      await click(app, tab("Portfolio's"));
      await click(app, { css: 'a', name: item.userName, within: 'tr', withinText: item.lessonTitle });
      await find(app, heading(`Profiel ${student.email} wijzigen`));
      await syncStatus(app, 'Online');
      await server.stop();

      await fill(app, field('Naam'), mine);
      await click(app, button('Wijzigen'));
      await find(app, { css: '*', name: 'Je bent offline: de wijzigingen worden opgeslagen zodra er weer verbinding is.' });

      // Meanwhile a colleague saved the student on another device.
      const db = await openPglite(`${server.dataDir}/pglite`);
      if (clash) await db.query('UPDATE users SET name = $2 WHERE id = $1', [student.id, theirs]);
      else await db.query('UPDATE users SET study_level = $2 WHERE id = $1', [student.id, otherLevel]);
      await db.close();
      await server.start();

      if (!clash) {
        const now = await eventually(
          () => apiGet<UserDetails>(server.url, `users/details/${student.id}`, token),
          (s) => s.name === mine,
          { timeout: 20_000, message: 'the offline name on the server' },
        );
        expect(now.studyLevel, "the colleague's level stays").toBe(otherLevel);
        return;
      }
      await waitFor(app, () => document.querySelector('[data-testid="sync-status"] [aria-label="1 niet verzonden"]') !== null, undefined, {
        timeout: 20_000,
        message: 'the conflict in the sync status',
      });
      expect((await apiGet<UserDetails>(server.url, `users/details/${student.id}`, token)).name).toBe(theirs);
      await closeNotices(app);
      await click(app, testId('sync-status'));
      await click(app, button(/^Niet verzonden \(1\)/), { timeout: 15_000 });
      const table = '[role="dialog"] table[aria-label="Wijzigingen van jou en je collega"]';
      await find(app, { css: `${table} td`, name: mine });
      await find(app, { css: `${table} td`, name: theirs });
      await click(app, button('Mijn wijziging toch opslaan', { within: '[role="dialog"]' }));
      await eventually(
        () => apiGet<UserDetails>(server.url, `users/details/${student.id}`, token),
        (s) => s.name === mine,
        { timeout: 20_000, message: 'her name after her choice' },
      );
    },
  );
}
