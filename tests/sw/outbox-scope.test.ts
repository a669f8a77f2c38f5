/**
 * Issue 36: a shared tablet, two schools, a clock that jumps. Each queued change is sent only with
 * its own teacher's token and names the school it was made in; a clock set back never holds the
 * queue; a decision refused for a final reason is settled, not left under 'Niet verzonden'.
 */
import { describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { enqueue, nextAttemptAt, replayOutbox } from '../../src/offline/outbox';
import { storeTokens } from '../../src/offline/tokens';

let n = 0;
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token as the server signs it (server/auth/tokens.ts): only its `sub` matters here. */
const tokenOf = (userId: number, v = 1) =>
  `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ sub: String(userId), sid: v }))}.sig${v}`;

async function tablet(signedIn: number | null): Promise<OfflineDb> {
  const db = openOfflineDb(`scope-${n++}`);
  if (signedIn !== null) await storeTokens(db, { accessToken: tokenOf(signedIn), refreshToken: `refresh-${signedIn}` });
  return db;
}

const vote = (id: number, scope: string) => ({ endpointId: 'wishlist.voteUp', args: { params: { id } }, label: `stem ${id}`, scope });

interface Sent {
  path: string;
  as: number | null;
  school: string | null;
}

function server(answer: (path: string) => Response = () => new Response('{"message":"ok"}', { status: 200 })) {
  const sent: Sent[] = [];
  let down = false;
  const fetchFn = (async (url: string, init: RequestInit) => {
    if (down) throw new TypeError('Failed to fetch');
    const headers = new Headers(init.headers);
    const bearer = headers.get('Authorization')?.replace('Bearer ', '') ?? '';
    const sub = bearer.split('.')[1];
    const path = new URL(url, 'http://app.test').pathname;
    sent.push({
      path,
      as: sub ? Number((JSON.parse(atob(sub.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string }).sub) : null,
      school: headers.get('X-Organisation-Id'),
    });
    return answer(path);
  }) as typeof fetch;
  return { sent, fetchFn, setDown: (d: boolean) => (down = d) };
}

describe('a shared tablet', () => {
  it("holds another teacher's changes, sends none with the signed-in teacher's token, and sends them once as hers when she signs in", async () => {
    const db = await tablet(null);
    // Teacher 1 queued two votes offline in school 7, then signed out; teacher 2 signs in.
    await enqueue(db, vote(11, '1:7'));
    await enqueue(db, vote(12, '1:7'));
    await storeTokens(db, { accessToken: tokenOf(2), refreshToken: 'refresh-2' });
    await enqueue(db, vote(21, '2:7'));
    const net = server();

    const asSecond = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(asSecond).toMatchObject({ delivered: 1, held: 2, stoppedBy: 'done' });
    expect(net.sent).toEqual([{ path: '/api/wishlistItems/voteUp/21', as: 2, school: '7' }]);
    // Held, not refused: nothing under 'Niet verzonden'.
    expect((await db.outbox.toArray()).filter((e) => e.scope === '1:7').map((e) => e.state)).toEqual(['waiting', 'waiting']);

    // Again as teacher 2: still nothing of teacher 1's leaves.
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(net.sent).toHaveLength(1);

    // Teacher 1 signs in: hers leave, once each, as hers.
    await storeTokens(db, { accessToken: tokenOf(1), refreshToken: 'refresh-1' });
    expect(await replayOutbox(db, { fetchFn: net.fetchFn, force: true })).toMatchObject({ delivered: 2, held: 0 });
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(net.sent.slice(1)).toEqual([
      { path: '/api/wishlistItems/voteUp/11', as: 1, school: '7' },
      { path: '/api/wishlistItems/voteUp/12', as: 1, school: '7' },
    ]);
  });

  it("does not send a change with a token refreshed into another teacher's session", async () => {
    const db = await tablet(1);
    await enqueue(db, vote(31, '1:7'));
    const net = server();
    // Teacher 1's token is refused; meanwhile teacher 2 signed in on this tablet (the pair is hers).
    const fetchFn = (async (url: string, init: RequestInit) => {
      await storeTokens(db, { accessToken: tokenOf(2), refreshToken: 'refresh-2' });
      if (new Headers(init.headers).get('Authorization')?.includes(tokenOf(1).split('.')[1]!)) {
        net.sent.push({ path: 'refused', as: 1, school: null });
        return new Response('{}', { status: 401 });
      }
      return net.fetchFn(url, init);
    }) as typeof fetch;
    const report = await replayOutbox(db, { fetchFn, force: true });
    expect(report).toMatchObject({ delivered: 0, held: 1 });
    expect(net.sent.filter((s) => s.as === 2)).toEqual([]);
    expect((await db.outbox.toArray())[0]!.state).toBe('waiting');
  });
});

describe('changes carry their school', () => {
  it('sends each change with the school it was made in, whichever school is current', async () => {
    const db = await tablet(2);
    await enqueue(db, vote(41, '2:7'));
    await enqueue(db, vote(42, '2:9'));
    const net = server();
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(net.sent.map((s) => s.school)).toEqual(['7', '9']);
  });
});

describe('a clock that jumps', () => {
  it('a clock set back after a failed try does not hold the queue for the size of the jump', async () => {
    const db = await tablet(2);
    const right = Date.UTC(2026, 10, 26, 8, 0);
    const ahead = right + 2 * 3600_000;
    await enqueue(db, vote(51, '2:7'), ahead);
    const net = server();
    // Tried twice at the wrong time (two hours ahead), no network.
    net.setDown(true);
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now: () => ahead });
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now: () => ahead });
    // The Wi-Fi brings a time server: the clock is right again, and the network is back.
    net.setDown(false);
    expect(await nextAttemptAt(db, right + 1000)).toBeLessThanOrEqual(right + 1000);
    const report = await replayOutbox(db, { fetchFn: net.fetchFn, now: () => right + 1000 });
    expect(report).toMatchObject({ delivered: 1, stoppedBy: 'done' });
  });

  it('a clock set forward only makes a waiting change due sooner', async () => {
    const db = await tablet(2);
    const t = Date.UTC(2026, 10, 26, 8, 0);
    await enqueue(db, vote(52, '2:7'), t);
    const net = server();
    net.setDown(true);
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now: () => t });
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now: () => t });
    net.setDown(false);
    expect(await replayOutbox(db, { fetchFn: net.fetchFn, now: () => t + 3600_000 })).toMatchObject({ delivered: 1 });
  });
});

describe('a refusal that is final (issue 28 item 3)', () => {
  it('settles a decision on a withdrawn check request instead of listing it under Niet verzonden', async () => {
    const db = await tablet(2);
    await enqueue(db, { endpointId: 'dashboard.approveCheck', args: { params: { id: 5 } }, label: 'Goedkeuren', scope: '2:7' });
    await enqueue(db, vote(61, '2:7'));
    const net = server((path) =>
      path.includes('approve')
        ? new Response(JSON.stringify({ error: { message: 'De leerling heeft deze aanvraag ingetrokken.' }, status: 'CANCELED' }), {
            status: 409,
          })
        : new Response('{}', { status: 200 }),
    );
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    const rows = await db.outbox.toArray();
    expect(rows.filter((e) => e.state === 'failed')).toEqual([]);
    expect(rows.map((e) => e.state)).toEqual(['settled', 'delivered']);
  });

  it('keeps any other refusal under Niet verzonden', async () => {
    const db = await tablet(2);
    await enqueue(db, vote(62, '2:7'));
    const net = server(() => new Response(JSON.stringify({ error: { message: 'Nee.' } }), { status: 409 }));
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect((await db.outbox.toArray())[0]!.state).toBe('failed');
  });
});
