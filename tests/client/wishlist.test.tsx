/** The wishlist screens against a fake server, and the optimistic patches of its queueable writes. */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { CurrentUser } from '../../src/api/session/types';
import type { WishlistItem } from '../../src/api/wishlist/types';
import { applyPending } from '../../src/data/optimistic';
import { offlineDb } from '../../src/data/offline-db';
import { session } from '../../src/data/session';
import { takeNotice } from '../../src/features/wishlist/offline-notice';
import { patchUserVotes, patchVoteCounts, rememberVote, wishlistPatches } from '../../src/features/wishlist/optimistic-patches';
import { NOT_YOURS, WishlistFormPage } from '../../src/features/wishlist/wishlist-form-page';
import { WishlistPage } from '../../src/features/wishlist/wishlist-page';
import { WishlistUnread } from '../../src/shell/wishlist-unread';
import type { OutboxEntry } from '../../src/offline/db';
import { type FakeServer, failure, offline, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

let server: FakeServer;

const teacher: CurrentUser = {
  id: 7,
  role: 'TEACHER',
  email: 'docent@demoschool.nl',
  organisationName: 'Demoschool',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Docent',
  studyLevel: null,
};

function idea(id: number, title: string, over: Partial<WishlistItem> = {}): WishlistItem {
  return {
    id,
    title,
    description: `Omschrijving van ${title}`,
    active: 1,
    readBy: [7],
    upVoteCount: 2,
    downVoteCount: 1,
    commentCount: 0,
    dateTimeCreated: '2026-03-05T13:07:00.000Z',
    user: { name: 'Collega', email: 'collega@demoschool.nl' },
    canEdit: false,
    comments: [],
    ...over,
  };
}

beforeEach(async () => {
  await Promise.all([offlineDb.reads.clear(), offlineDb.outbox.clear()]);
  session.user = { ...teacher };
  server = stubFetch()
    .on(api.wishlist.items, [idea(1, 'Podcast per module'), idea(2, 'Oefentoetsen', { active: 0 }), idea(3, 'Donkere modus')])
    .on(api.wishlist.userVotes, { up: [1], down: [3] });
});

afterEach(() => {
  // Reads and replays still running answer as offline, instead of reaching for a real server.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  session.user = null;
});

afterAll(() => vi.unstubAllGlobals());

const cardOf = (title: string) => screen.getByRole('article', { name: title });

describe('WishlistPage', () => {
  it('lists open ideas before "Inmiddels uitgevoerd", with the done idea disabled and the votes pressed', async () => {
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verlanglijstje' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ik heb een idee!' })).toHaveAttribute('href', '/wishlist/form/0');
    await screen.findByRole('article', { name: 'Podcast per module' });

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    const order = [...screen.getAllByRole('heading', { level: 3 }), screen.getByRole('heading', { level: 2, name: 'Inmiddels uitgevoerd' })]
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((h) => h.textContent);
    expect(headings).toEqual(['Podcast per module', 'Donkere modus', 'Oefentoetsen']);
    expect(order).toEqual(['Podcast per module', 'Donkere modus', 'Inmiddels uitgevoerd', 'Oefentoetsen']);

    const done = cardOf('Oefentoetsen');
    expect(within(done).getByRole('button', { name: /^Stem voor/ })).toBeDisabled();
    expect(within(done).getByRole('button', { name: /^Stem tegen/ })).toBeDisabled();
    expect(within(done).getByText('Uitgevoerd')).toBeInTheDocument();

    const open = cardOf('Podcast per module');
    await waitFor(() => expect(within(open).getByRole('button', { name: /^Stem voor/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(open).getByRole('button', { name: /^Stem voor/ })).toBeEnabled();
    expect(within(open).getByRole('button', { name: /^Stem tegen.*1 stem/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(cardOf('Donkere modus')).getByRole('button', { name: /^Stem tegen/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(open).getByText(/collega@demoschool\.nl/)).toBeInTheDocument();
  });

  it('moves a vote from down to up when the teacher taps "Stem voor"', async () => {
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Donkere modus' });
    const card = cardOf('Donkere modus');
    await waitFor(() => expect(within(card).getByRole('button', { name: /^Stem tegen/ })).toHaveAttribute('aria-pressed', 'true'));
    server.at(api.wishlist.voteUp, { id: 3 }, { up: [1, 3], down: [] });
    server.on(api.wishlist.userVotes, { up: [1, 3], down: [] });
    server.on(api.wishlist.items, [
      idea(1, 'Podcast per module'),
      idea(2, 'Oefentoetsen', { active: 0 }),
      idea(3, 'Donkere modus', { upVoteCount: 3, downVoteCount: 0 }),
    ]);
    await user.click(within(card).getByRole('button', { name: /^Stem voor/ }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /^Stem voor.*3 stemmen/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(within(card).getByRole('button', { name: /^Stem tegen.*0 stemmen/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByText('Jij stemde voor.')).toBeInTheDocument();
    await waitFor(() => expect(server.calls(api.wishlist.voteUp, { id: 3 })).toHaveLength(1));
  });

  it('does not send an empty comment and says why under the field', async () => {
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Podcast per module' });
    const card = cardOf('Podcast per module');
    await user.click(within(card).getByRole('button', { name: 'Reageer (0)' }));
    await user.type(within(card).getByLabelText('Jouw reactie'), '   ');
    await user.click(within(card).getByRole('button', { name: 'Reageer' }));
    expect(await within(card).findByText('Vul een reactie in.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Jouw reactie')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls(api.wishlist.saveComment)).toHaveLength(0);
  });

  it('marks unread ideas read once and keeps their "Nieuw" marker for this visit', async () => {
    server.on(api.wishlist.items, [idea(1, 'Podcast per module', { readBy: false }), idea(3, 'Donkere modus')]);
    server.at(api.wishlist.read, { id: 1 }, { message: 'Gelezen.' });
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    await screen.findByRole('article', { name: 'Podcast per module' });
    expect(within(cardOf('Podcast per module')).getByText('Nieuw')).toBeInTheDocument();
    expect(within(cardOf('Donkere modus')).queryByText('Nieuw')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls(api.wishlist.read, { id: 1 })).toHaveLength(1));
    expect(server.calls(api.wishlist.read, { id: 3 })).toHaveLength(0);
  });

  it('searches and sorts by title', async () => {
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Podcast per module' });
    await user.click(screen.getByRole('button', { name: 'Sorteer op titel' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Donkere modus',
      'Podcast per module',
      'Oefentoetsen',
    ]);
    await user.click(screen.getByRole('button', { name: 'Titel: A tot Z' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Podcast per module',
      'Donkere modus',
      'Oefentoetsen',
    ]);
    await user.type(screen.getByLabelText('Zoeken in ideeën'), 'donker');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Donkere modus']);
  });
});

describe('unread count on the Verlanglijstje tab', () => {
  const badge = () => screen.queryByTestId('wishlist-unread');

  it('counts the unread ideas and drops to nothing once the wishlist is opened online', async () => {
    server.on(api.wishlist.items, [
      idea(1, 'Podcast per module', { readBy: false }),
      idea(2, 'Oefentoetsen', { active: 0, readBy: [3] }),
      idea(3, 'Donkere modus'),
    ]);
    const { rerender } = renderWithProviders(<WishlistUnread />);
    await waitFor(() => expect(badge()).toHaveTextContent('2 ongelezen ideeën'));
    server.at(api.wishlist.read, { id: 1 }, { message: 'Gelezen.' });
    server.at(api.wishlist.read, { id: 2 }, { message: 'Gelezen.' });
    server.on(api.wishlist.items, [idea(1, 'Podcast per module'), idea(2, 'Oefentoetsen', { active: 0 }), idea(3, 'Donkere modus')]);
    rerender(
      <>
        <WishlistUnread />
        <WishlistPage />
      </>,
    );
    await waitFor(() => expect(badge()).toBeNull());
  });

  it('offline, drops the count as the read marks are queued, and keeps it dropped for a new count', async () => {
    server.on(api.wishlist.items, [idea(1, 'Podcast per module', { readBy: false }), idea(3, 'Donkere modus', { readBy: [] })]);
    const first = renderWithProviders(<WishlistUnread />);
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    // The network goes: every call fails as a browser's fetch does offline.
    server.cutOff();
    server.at(api.wishlist.read, { id: 1 }, offline());
    server.at(api.wishlist.read, { id: 3 }, offline());
    first.rerender(
      <>
        <WishlistUnread />
        <WishlistPage />
      </>,
    );
    await waitFor(() => expect(badge()).toBeNull(), { timeout: 5000 });
    const queued = async () =>
      (await offlineDb.outbox.toArray()).filter((e) => e.endpointId === 'wishlist.read' && e.state !== 'delivered');
    await waitFor(async () => expect(await queued()).toHaveLength(2));
    // Another page later (still offline): the count comes from the cache with the queued marks laid over it.
    first.unmount();
    renderWithProviders(<WishlistUnread />);
    await new Promise((r) => setTimeout(r, 300));
    expect(badge()).toBeNull();
  }, 10_000);
});

describe('WishlistFormPage', () => {
  it("titles a new idea 'Idee toevoegen' and hides 'Actief' from a teacher", () => {
    renderWithProviders(<WishlistFormPage params={{ id: '0' }} />, { path: '/wishlist/form/0' });
    expect(screen.getByRole('heading', { level: 1, name: 'Idee toevoegen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toevoegen' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Omschrijving/)).toHaveAttribute('placeholder', 'Omschrijf je idee zo uitgebreid mogelijk.');
    expect(screen.getByLabelText(/Titel/)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Actief/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Terug/ })).toHaveAttribute('href', '/wishlist');
  });

  it("names an existing idea in its title and shows 'Actief' to ADMIN", async () => {
    session.user = { ...teacher, role: 'ADMIN' };
    server.at(api.wishlist.details, { id: 5 }, idea(5, 'Podcast per module', { canEdit: true }));
    renderWithProviders(<WishlistFormPage params={{ id: '5' }} />, { path: '/wishlist/form/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Idee Podcast per module wijzigen' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Wijzigen' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Actief/ })).toBeChecked();
    expect(screen.getByLabelText(/Titel/)).toHaveValue('Podcast per module');
  });

  it('shows a colleague’s idea read-only, without Wijzigen or Actief', async () => {
    session.user = { ...teacher, role: 'ADMIN' };
    server.at(api.wishlist.details, { id: 2 }, idea(2, 'Oefentoetsen', { canEdit: false }));
    renderWithProviders(<WishlistFormPage params={{ id: '2' }} />, { path: '/wishlist/form/2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Idee Oefentoetsen' }, { timeout: 5000 })).toBeInTheDocument();
    // The form fills in an effect after the idea arrives: the heading may show a render before it.
    expect(await screen.findByText(NOT_YOURS)).toBeInTheDocument();
    expect(screen.getByLabelText(/Titel/)).toHaveValue('Oefentoetsen');
    expect(screen.getByLabelText(/Titel/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Omschrijving/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Wijzigen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Actief/ })).not.toBeInTheDocument();
  });

  it('loads details/0 for a new idea (part 2 §7) and keeps what the teacher typed meanwhile', async () => {
    server.at(api.wishlist.details, { id: 0 }, idea(0, '', { description: '', canEdit: true, readBy: false }));
    renderWithProviders(<WishlistFormPage params={{ id: '0' }} />, { path: '/wishlist/form/0' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Titel/), 'Podcast');
    await waitFor(() => expect(server.calls(api.wishlist.details, { id: 0 }).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByLabelText(/Titel/)).toHaveValue('Podcast');
  });

  it('shows the general message and the field messages for empty fields without sending', async () => {
    renderWithProviders(<WishlistFormPage params={{ id: '0' }} />, { path: '/wishlist/form/0' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Titel/), 'Alleen een titel');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Alle velden zijn verplicht om in te vullen.');
    expect(screen.getByLabelText(/Omschrijving/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Beschrijf je idee.')).toBeInTheDocument();
    expect(server.calls(api.wishlist.save)).toHaveLength(0);
  });

  it("shows the server's field messages when it refuses the idea", async () => {
    server.on(api.wishlist.save, failure(400, 'Alle velden zijn verplicht om in te vullen.', { title: 'Deze titel bestaat al.' }));
    renderWithProviders(<WishlistFormPage params={{ id: '0' }} />, { path: '/wishlist/form/0' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Omschrijving/), 'Elke module ook als podcast.');
    await user.type(screen.getByLabelText(/Titel/), 'Podcast');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Deze titel bestaat al.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Alle velden zijn verplicht om in te vullen.');
    expect(screen.getByLabelText(/Titel/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('offline, queues the idea, goes back to the list and says so there', async () => {
    server.on(api.wishlist.save, offline());
    const { location } = renderWithProviders(<WishlistFormPage params={{ id: '0' }} />, { path: '/wishlist/form/0' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Omschrijving/), 'Elke module ook als podcast.');
    await user.type(screen.getByLabelText(/Titel/), 'Podcast');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/wishlist'), { timeout: 5000 });
    expect(takeNotice()).toBe('Je bent offline: het idee wordt verzonden zodra er weer verbinding is.');
    expect((await offlineDb.outbox.toArray()).filter((e) => e.endpointId === 'wishlist.save' && e.state === 'waiting')).toHaveLength(1);
  }, 10_000);
});

describe('optimistic patches', () => {
  const entry = (endpointId: string, args: OutboxEntry['args'], over: Partial<OutboxEntry> = {}): OutboxEntry => ({
    seq: 41,
    format: 1,
    idempotencyKey: 'k',
    endpointId,
    scope: '7:1',
    args,
    label: 'test',
    createdAt: Date.now(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    ...over,
  });

  it('moves a vote from down to up, in the votes and in both counts', () => {
    expect(patchUserVotes({ up: [1], down: [3, 4] }, 3, 'up')).toEqual({ up: [1, 3], down: [4] });
    const [moved] = patchVoteCounts([idea(3, 'Donkere modus')], 3, 'up', 'down');
    expect(moved).toMatchObject({ upVoteCount: 3, downVoteCount: 0 });
    const [first] = patchVoteCounts([idea(3, 'Donkere modus')], 3, 'up', null);
    expect(first).toMatchObject({ upVoteCount: 3, downVoteCount: 1 });
    expect(patchVoteCounts([idea(3, 'x')], 3, 'up', 'up')[0]).toMatchObject({ upVoteCount: 2, downVoteCount: 1 });
  });

  it('applies a queued vote through its patch, using the vote remembered at the tap', () => {
    rememberVote(3, 'up', 'down', Date.now() - 5);
    const e = entry('wishlist.voteUp', { params: { id: 3 } });
    expect(applyPending(api.wishlist.userVotes, wishlistPatches, { up: [], down: [3] }, 0, [e])).toEqual({ up: [3], down: [] });
    const [item] = applyPending(api.wishlist.items, wishlistPatches, [idea(3, 'Donkere modus')], 0, [e]);
    expect(item).toMatchObject({ upVoteCount: 3, downVoteCount: 0 });
    // Refused: the entry no longer applies, so the server's counts show again.
    const [refused] = applyPending(api.wishlist.items, wishlistPatches, [idea(3, 'Donkere modus')], 0, [{ ...e, state: 'failed' }]);
    expect(refused).toMatchObject({ upVoteCount: 2, downVoteCount: 1 });
  });

  it('shows a queued comment, read mark, delete and new idea at once', () => {
    const items = [idea(1, 'Podcast per module', { readBy: false }), idea(2, 'Oefentoetsen')];
    const after = applyPending(api.wishlist.items, wishlistPatches, items, 0, [
      entry('wishlist.saveComment', { body: { comment: 'Goed plan', wishlistItemId: 1 } }, { seq: 50 }),
      entry('wishlist.read', { params: { id: 1 } }),
      entry('wishlist.delete', { params: { id: 2 } }),
      entry('wishlist.save', { body: { id: 0, title: 'Nieuw idee', description: 'Uitleg' } }, { seq: 51 }),
    ]);
    expect(after.map((i) => i.id)).toEqual([-51, 1]);
    expect(after[0]).toMatchObject({ title: 'Nieuw idee', canEdit: true, active: 1, user: { email: 'docent@demoschool.nl' } });
    expect(after[1]).toMatchObject({ commentCount: 1, readBy: [7] });
    expect(after[1]?.comments[0]).toMatchObject({ id: -50, comment: 'Goed plan', user: { name: 'Docent' }, canEdit: true });
    const withoutComment = applyPending(api.wishlist.items, wishlistPatches, after, 0, [
      entry('wishlist.deleteComment', { params: { id: -50 } }),
    ]);
    expect(withoutComment[1]).toMatchObject({ commentCount: 0, comments: [] });
    // A patch applies to the read it names only: a delete drops the idea from the list, not its own page.
    expect(applyPending(api.wishlist.details, wishlistPatches, items[1]!, 0, [entry('wishlist.delete', { params: { id: 2 } })])).toBe(
      items[1],
    );
  });
});
