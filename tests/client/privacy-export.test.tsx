/**
 * 'Gegevens downloaden' on the privacy tab: when the server holds the export back (429, its limit per
 * user), the tab shows the server's Dutch reason with how long to wait, as the print page does for
 * print jobs; nothing is saved.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { UserDetails } from '../../src/api/students/types';
import { PrivacyTab } from '../../src/features/students/privacy-tab';
import { type FakeServer, failure, partial, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

const WAIT = 'Je hebt kort na elkaar veel leerlinggegevens gedownload. Probeer het over 42 minuten opnieuw.';
let server: FakeServer;

beforeEach(() => {
  server = stubFetch()
    .at(api.students.privacy, { id: 7 }, partial({ retentionMonths: 12, deleteOn: null, accessLog: [] }))
    .at(api.students.exportData, { id: 7 }, failure(429, WAIT));
});
afterEach(() => vi.unstubAllGlobals());

it("shows the server's Dutch reason when the export is held back", async () => {
  renderWithProviders(<PrivacyTab user={{ id: 7, name: 'Lotte Bakker', email: 'l.bakker@hetbaken.nl' } as UserDetails} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Gegevens downloaden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(WAIT);
  expect(server.calls(api.students.exportData, { id: 7 })).toHaveLength(1);
  expect(screen.queryByText('De gegevens zijn gedownload.')).not.toBeInTheDocument();
});
