/** How a teacher reaches /licenses and the sales site's order form (issue 16 items 1 and 15). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../src/api/session/default-config';
import { SchoolCard } from '../../src/features/dashboard/school-card';
import { api } from '../../src/api/catalogue';
import type { Organisation } from '../../src/api/session/types';
import { fake, installFakeApi, renderApp, signedInAs } from './fake-app';
import { partial } from './fake-server';
import { renderWithProviders } from './render';

beforeEach(() => {
  installFakeApi();
  signedInAs();
  fake.on(
    api.session.config,
    partial({ system_name: 'Testwijzer', sales_website: 'https://verkoop.example/', sales_order_url: 'https://verkoop.example/bestellen' }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const school = (active: 0 | 1): Organisation => ({
  id: 1,
  name: 'Demoschool',
  location: 'Centrum',
  city: 'Utrecht',
  active,
  classroomCount: 1,
  studentCount: 1,
  teacherCount: 1,
});

describe('licence links', () => {
  it('offers Licenties in the avatar menu', async () => {
    await renderApp('/classrooms');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Accountmenu/ }));
    expect((await screen.findByText('Licenties')).closest('a')).toHaveAttribute('href', '/licenses');
  });

  it('links the overuse banner to the licence page and the order form', async () => {
    fake.on(api.licences.list, [{ sectionName: 'ML1', chapterName: 'Module 1', licenseCount: 10, usedLicenseCount: 12, overuse: true }]);
    await renderApp('/classrooms');
    const banner = await screen.findByRole('region', { name: 'Licentiemelding' });
    expect(within(banner).getByRole('link', { name: 'Bekijk het licentiegebruik' })).toHaveAttribute('href', '/licenses');
    expect(within(banner).getByRole('link', { name: 'nieuwe licenties bestellen' })).toHaveAttribute(
      'href',
      'https://verkoop.example/bestellen',
    );
  });

  it('sends the inactive school’s order link to the order form, not the sales home page', async () => {
    fake.on(api.session.organisationInfo, school(0));
    await renderApp('/classrooms');
    // The previous test's answer is still cached (the same IndexedDB): it shows until the refresh lands.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Licentiemelding' })).getByRole('link', { name: 'Licenties bestellen' }),
      ).toHaveAttribute('href', 'https://verkoop.example/bestellen'),
    );
  });

  it('marks the overused module in the licence table', async () => {
    fake.on(api.licences.list, [
      { sectionName: 'ML1', chapterName: 'Module 1', licenseCount: 10, usedLicenseCount: 12, overuse: true },
      { sectionName: 'ML1', chapterName: 'Module 2', licenseCount: 10, usedLicenseCount: 4, overuse: false },
    ]);
    await renderApp('/licenses');
    const table = await screen.findByRole('table', { name: 'Licenties per module' });
    const overused = within(table)
      .getAllByRole('row')
      .filter((row) => row.textContent?.includes('Meer licenties uitgegeven dan gekocht'));
    expect(overused.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Module 1']);
  });

  it('has an order form of its own in the built-in configuration', () => {
    expect(defaultConfig.sales_order_url).toMatch(/^https:\/\//);
    expect(defaultConfig.sales_order_url).not.toBe(defaultConfig.sales_website);
  });

  it('links the school card to the licences', () => {
    renderWithProviders(<SchoolCard organisation={undefined} />);
    expect(screen.getByRole('link', { name: 'Licenties bekijken' })).toHaveAttribute('href', '/licenses');
  });
});
