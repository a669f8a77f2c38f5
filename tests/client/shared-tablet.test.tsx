/**
 * Issue 36 in the app: a shared tablet (the sign-in page, 'Uitloggen'), a school switch with changes
 * waiting, storage cleared by the browser; issue 28 item 6: a session refused elsewhere.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../src/api/session/types';
import { LOST_OUTBOX_TITLE, useOutboxMarker } from '../../src/data/lost-outbox';
import { loadOfflineDb } from '../../src/data/session';
import { enqueue } from '../../src/offline/outbox';
import { HeldChangesNotice } from '../../src/features/session/held-changes-notice';
import { SyncButton } from '../../src/shell/header-buttons';
import { OrganisationSelector } from '../../src/shell/organisation-selector';
import { SignOutConfirm } from '../../src/shell/sign-out-confirm';
import { session } from '../../src/data/session';
import { UnsentChanges } from '../../src/shell/unsent-changes';
import type { OutboxEntry } from '../../src/offline/schema';
import { renderWithProviders } from './render';

const vote = (id: number, scope: string) => ({
  endpointId: 'wishlist.voteUp',
  args: { params: { id } },
  label: `Stem op idee ${id}`,
  scope,
});

beforeEach(async () => {
  const db = await loadOfflineDb();
  await db.outbox.clear();
  await db.meta.clear();
  localStorage.clear();
  notifications.clean();
});

describe("the sign-in page with another teacher's changes waiting", () => {
  it('says how many wait without showing them, and deletes them only after a confirmation with the count', async () => {
    const db = await loadOfflineDb();
    for (const id of [1, 2, 3]) await enqueue(db, vote(id, '7:1'));
    renderWithProviders(<HeldChangesNotice />);
    expect(
      await screen.findByText(
        'Op deze tablet wachten nog 3 wijzigingen van een andere docent. Ze worden verzonden zodra die docent hier inlogt.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Stem op idee/)).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Wijzigingen van een andere docent verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/3 wijzigingen van een andere docent worden van deze tablet verwijderd/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(await db.outbox.count()).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Wijzigingen van een andere docent verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '3 wijzigingen verwijderen' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(screen.queryByTestId('held-changes')).toBeNull());
  });

  it('shows nothing when no changes wait', async () => {
    renderWithProviders(<HeldChangesNotice />);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('held-changes')).toBeNull();
  });
});

describe("'Uitloggen' with changes waiting", () => {
  it('asks first, in Dutch with the right plural, offering to send now, keep them, or cancel', async () => {
    const onSignOut = vi.fn();
    const onCancel = vi.fn();
    const view = renderWithProviders(<SignOutConfirm userId={7} waiting={3} onSignOut={onSignOut} onCancel={onCancel} />);
    expect(screen.getByText('Er wachten nog 3 wijzigingen op verzending.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Uitloggen en later verzenden' }));
    expect(onSignOut).toHaveBeenCalled();
    view.unmount();
    renderWithProviders(<SignOutConfirm userId={7} waiting={1} onSignOut={onSignOut} onCancel={onCancel} />);
    expect(screen.getByText('Er wacht nog 1 wijziging op verzending.')).toBeInTheDocument();
  });
});

describe('a school switch with changes waiting', () => {
  const org = (id: number, name: string): Organisation => ({
    id,
    name,
    location: 'Noord',
    city: 'Almere',
    active: 1,
    classroomCount: 0,
    studentCount: 0,
    teacherCount: 0,
  });

  it('warns that the changes stay with their school before it switches', async () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <OrganisationSelector
        currentName="Het Baken"
        currentId={1}
        organisations={[org(1, 'Het Baken'), org(2, 'De Linde')]}
        onChoose={onChoose}
        countWaiting={async () => 3}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Het Baken/ }));
    await user.click(within(screen.getByRole('list', { name: 'Scholen' })).getByRole('button', { name: /De Linde/ }));
    expect(
      await screen.findByText(
        'Er wachten nog 3 wijzigingen voor Het Baken. Ze worden voor Het Baken verzonden, ook als je nu van school wisselt.',
      ),
    ).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Toch wisselen' }));
    expect(onChoose).toHaveBeenCalledWith(2);
  });
});

function Marker({ userId, count }: { userId: number; count: number | null }) {
  useOutboxMarker(userId, count);
  return <Notifications />;
}

describe('storage cleared by the browser', () => {
  it('says once that changes were lost when the database that held them is gone', async () => {
    // A start with 2 changes waiting: the marker names this database.
    const first = renderWithProviders(<Marker userId={7} count={2} />);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('outboxMarker:7') ?? '{}')).toMatchObject({ count: 2 }));
    first.unmount();
    // The browser clears IndexedDB (localStorage, with the tokens and the marker, stays).
    await (await loadOfflineDb()).meta.clear();
    renderWithProviders(<Marker userId={7} count={0} />);
    expect(await screen.findByText(LOST_OUTBOX_TITLE)).toBeInTheDocument();
    expect(screen.getByText(/Daarbij zijn 2 wijzigingen verloren gegaan die nog niet waren verzonden/)).toBeInTheDocument();
  });

  it('says nothing when the queue was simply delivered (the same database)', async () => {
    const first = renderWithProviders(<Marker userId={7} count={2} />);
    await waitFor(() => expect(localStorage.getItem('outboxMarker:7')).not.toBeNull());
    first.unmount();
    renderWithProviders(<Marker userId={7} count={0} />);
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByText(LOST_OUTBOX_TITLE)).toBeNull();
  });
});

describe('a session refused elsewhere (issue 28 item 6)', () => {
  it("the header does not say 'Online' while every call would get 401", () => {
    renderWithProviders(<SyncButton online expired waiting={0} failed={0} preparing={null} />);
    expect(screen.getByTestId('sync-status')).toHaveTextContent('Sessie verlopen');
    expect(screen.getByTestId('sync-status')).not.toHaveTextContent('Online');
  });
});

describe("'Niet verzonden' and a change's school", () => {
  it('names the school a change was made in when it is not the current one, with the refusal for it', () => {
    session.user = { id: 7, currentOrganisationId: 1, organisationName: 'Het Baken' } as typeof session.user;
    const message = 'Deze wijziging is gemaakt voor een andere school (De Linde), waar je geen toegang meer toe hebt.';
    const refused: OutboxEntry = {
      seq: 1,
      format: 2,
      idempotencyKey: 'k',
      endpointId: 'wishlist.voteUp',
      scope: '7:2',
      args: {},
      label: 'Stem op idee 4',
      createdAt: 0,
      state: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      organisationName: 'De Linde',
      error: { status: 403, message, body: { error: { message }, reason: 'school' } },
    };
    const here: OutboxEntry = {
      ...refused,
      seq: 2,
      scope: '7:1',
      organisationName: 'Het Baken',
      label: 'Stem op idee 5',
      error: { status: 400, message: 'Nee.' },
    };
    renderWithProviders(<UnsentChanges opened onClose={() => undefined} entries={[refused, here]} />);
    const [first, second] = screen.getAllByTestId('unsent-entry');
    expect(first).toHaveTextContent('Gemaakt voor De Linde');
    expect(first).toHaveTextContent(`Reden: ${message}`);
    expect(second).not.toHaveTextContent('Gemaakt voor');
    session.user = null;
  });
});
