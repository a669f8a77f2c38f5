/**
 * The 'Nieuw schooljaar' page against the fake server, whose status carries the server's clock
 * (today 28 November 2026): the name checked on step 1, the year after the last one set, and a change
 * planned for its first school day with 'Annuleren' and 'Nu invoeren'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { YearPlan, YearStatus } from '../../src/api/school-year/types';
import { fake, installFakeApi, renderApp, signedInAs } from './fake-app';
import { partial } from './fake-server';

const counts = { classesBefore: 12, classesAfter: 10, students: 298, door: 248, zitten: 0, weg: 50 };
const status: YearStatus = {
  today: '2026-11-28',
  earliestStart: '2026-07-01',
  proposal: { name: '2027-2028', startsOn: '2027-09-06' },
  lastApplied: null,
  scheduled: null,
};
const scheduled = {
  name: '2027-2028',
  startsOn: '2027-09-06',
  scheduledAt: '2026-11-28T09:00:00.000Z',
  scheduledBy: 'Docent',
  counts: { ...counts, levelChanges: 0, withoutClass: 8, licencesNow: 100, licencesNext: 90 },
  problem: null,
};
const plan = partial<YearPlan>({
  name: '2027-2028',
  startsOn: '2027-09-06',
  previousName: '2026-2027',
  retentionUntil: '2028-09-06',
  classes: [],
  students: [],
  newClasses: [],
  counts,
  lastApplied: null,
});

beforeEach(() => {
  installFakeApi();
  signedInAs();
});
afterEach(() => vi.unstubAllGlobals());

const nameField = () => screen.findByRole('textbox', { name: /Naam van het schooljaar/ });
const next = () => userEvent.setup().click(screen.getByRole('button', { name: 'Volgende' }));

describe('step 1', () => {
  it('says under the field that the year needs a name, and asks the server nothing', async () => {
    fake.on(api.schoolYear.status, status).on(api.schoolYear.preview, plan);
    await renderApp('/school-year');
    await userEvent.setup().clear(await nameField());
    await next();
    expect(await screen.findByText('Vul de naam van het schooljaar in, bijvoorbeeld 2027-2028.')).toBeInTheDocument();
    expect(await nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls(api.schoolYear.preview)).toHaveLength(0);
  });

  it('starts from the year after the one just set, and says that one is set', async () => {
    fake.on(api.schoolYear.status, {
      ...status,
      proposal: { name: '2028-2029', startsOn: '2028-09-04' },
      lastApplied: { name: '2027-2028', appliedAt: '2026-11-28T09:30:00.000Z' },
    });
    await renderApp('/school-year');
    await waitFor(async () => expect(await nameField()).toHaveValue('2028-2029'));
    expect(
      screen.getByText('Schooljaar 2027-2028 is al ingesteld op 28 november 2026. Hieronder staat het schooljaar daarna.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Eerste schooldag/ })).toHaveTextContent('4 september 2028');
  });
});

describe('a change for a first school day still to come', () => {
  it('is planned from the last step, with ‘Nu invoeren’ beside it, and then shows until its day', async () => {
    fake
      .on(api.schoolYear.status, status)
      .on(api.schoolYear.preview, plan)
      .on(api.schoolYear.schedule, { ...status, scheduled });
    await renderApp('/school-year');
    await waitFor(async () => expect(await nameField()).toHaveValue('2027-2028'));
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Volgende' })).toBeEnabled());
      await next();
    }
    expect(await screen.findByRole('button', { name: 'Nu invoeren' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Plannen voor 6 september 2027' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tot die dag verandert er niets');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Plannen' }));
    expect(await screen.findByText('Gepland voor 6 september 2027')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls(api.schoolYear.schedule)).toHaveLength(1);
    expect(fake.calls(api.schoolYear.apply)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nu invoeren' })).toBeInTheDocument();
  });

  it('‘Annuleren’ removes the plan and opens the wizard again', async () => {
    fake.on(api.schoolYear.status, { ...status, scheduled }).on(api.schoolYear.cancel, status);
    await renderApp('/school-year');
    expect(await screen.findByText('Gepland voor 6 september 2027')).toBeInTheDocument();
    expect(screen.getByText(/Zoals het er nu voor staat: 12 klassen → 10 klassen/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(await screen.findByText('Het plan voor schooljaar 2027-2028 is geannuleerd. Er is niets gewijzigd.')).toBeInTheDocument();
    expect(JSON.parse(fake.calls(api.schoolYear.cancel)[0]?.text ?? '{}')).toEqual({ name: '2027-2028' });
    expect(await nameField()).toHaveValue('2027-2028');
    expect(screen.queryByText('Gepland voor 6 september 2027')).toBeNull();
  });

  it('‘Nu invoeren’ says that every class moves today before it does', async () => {
    fake.on(api.schoolYear.status, { ...status, scheduled }).on(api.schoolYear.applyScheduled, {
      name: '2027-2028',
      counts: scheduled.counts,
      newClasses: [],
      message: 'Schooljaar 2027-2028 is ingesteld: 10 nieuwe klassen, 50 leerlingen van school.',
    });
    await renderApp('/school-year');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nu invoeren' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('midden in het lopende schooljaar');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Nu invoeren' }));
    expect(await screen.findByText('Schooljaar 2027-2028 is ingesteld: 10 nieuwe klassen, 50 leerlingen van school.')).toBeInTheDocument();
  });
});
