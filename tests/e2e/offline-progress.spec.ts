/**
 * Issue 32 offline: after 'Offline beschikbaar maken', a class's 'Voortgang' opens with the server
 * stopped, from the prepared copy (server/areas/offline/copy-plan.ts reads every class's progress). A server of its own,
 * since it is stopped. No timing here: the prepare's speed is offline-day.spec.ts's.
 */
import type { Classroom } from '../../src/api/classrooms/types';
import type { ClassProgress } from '../../src/api/portfolios/types';
import { expect, PASSWORD, signIn, test } from './fixtures';
import { startServer } from './server';

test("a prepared class's Voortgang opens with the server stopped", async ({ page, request }) => {
  test.setTimeout(420_000);
  const server = await startServer();
  try {
    const auth = await request.post(`${server.url}/api/users/authenticate`, {
      form: { email: 'docent@demoschool.nl', password: Buffer.from(PASSWORD).toString('base64'), encoding: 'base64' },
    });
    const headers = { Authorization: `Bearer ${((await auth.json()) as { accessToken: string }).accessToken}` };
    const classes = (await (await request.get(`${server.url}/api/classrooms/school`, { headers })).json()) as Classroom[];
    // The last class with students: not one the dashboard opens on, so only the prepared copy has it.
    const room = classes.filter((c) => c.studentCount > 0).at(-1)!;
    const progress = (await (
      await request.get(`${server.url}/api/portfolioItems/progress/${room.id}`, { headers })
    ).json()) as ClassProgress;
    expect(progress.students.length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByTestId('sync-status').click();
    const panel = page.getByTestId('offline-copy');
    await panel.getByRole('button', { name: 'Offline beschikbaar maken' }).click();
    await expect(panel.getByTestId('offline-ready')).toHaveText(/^Klaar voor offline: /, { timeout: 300_000 });
    await page.keyboard.press('Escape');

    await server.stop();
    await page.goto(`${server.url}/classrooms/students/${room.id}`);
    await page.getByRole('link', { name: 'Voortgang' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Voortgang ${room.name}` })).toBeVisible();
    const heatmap = page.getByRole('region', { name: 'Voortgang per leerling en les' });
    await expect(heatmap.getByRole('rowheader')).toHaveCount(progress.students.length);
    await expect(page.getByRole('list', { name: 'Legenda' })).toBeVisible();
    await expect(page.getByText('Voortgang laden')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/progress/offline-1024x768.png' });
  } finally {
    await server.dispose();
  }
});
