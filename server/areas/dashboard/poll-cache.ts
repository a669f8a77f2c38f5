/**
 * The 5 s poll answered from this process's memory: per teacher the caller's row with her feed's
 * class and read watermark (what POLL_SESSION reads), and per class its feed_version. Kept right by
 * NOTIFY from triggers (migration 012) on one listening connection, so an unchanged poll needs no
 * database round trip and a deactivated or removed teacher is refused as soon as the notification
 * arrives, on every process.
 *
 * Three rules keep it from serving what the database no longer says:
 * - Nothing is served or stored while the listening connection is down (notifications may have been
 *   missed); it starts empty whenever the connection (re)starts.
 * - A row read from the database is only stored when no notification about users arrived while it
 *   was read (`epoch`), or it could be older than the notification that should have removed it.
 * - A write through this process is known before its statement returns (Database.listen's early
 *   copies), so a teacher's own change is seen by her next poll; another process's arrives within
 *   milliseconds. An early copy may overtake the ordered stream, so it only ever removes.
 */
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import type { FeedState } from './feed-version';

const POLL_CHANNEL = 'poll_cache';

interface Entry {
  user: SessionUser;
  /** Sessions (refresh families' token ids, the access token's sid) seen unrevoked since the last 'u:'. */
  sessions: Set<number>;
  room: number;
  readUpTo: number;
}

// Each entry is a few hundred bytes: the teachers one process serves, with room to spare.
const MAX_ENTRIES = 50_000;

export class PollCache {
  private live = false;
  private epoch = 0;
  private entries = new Map<number, Entry>();
  private versions = new Map<number, number>();
  /** The caller and her feed's state, when memory holds them and may be trusted. */
  get(userId: number, sessionId: number): { user: SessionUser; state: FeedState } | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(userId);
    if (!e?.sessions.has(sessionId)) return undefined;
    const version = e.room === 0 ? 0 : this.versions.get(e.room);
    if (version === undefined) return undefined;
    return { user: e.user, state: { room: e.room, version, readUpTo: e.readUpTo } };
  }

  /** Call before reading a row from the database; pass the result to store(). */
  begin(): number {
    return this.epoch;
  }

  store(since: number, user: SessionUser, state: FeedState, sessionId: number): void {
    if (!this.live || since !== this.epoch) return;
    // A version already here came from a notification, which is never older than what a read saw.
    if (state.room !== 0 && !this.versions.has(state.room)) this.versions.set(state.room, state.version);
    // Sessions already here were checked after the last notification about this user (which drops
    // the entry, logout included: migration 013), so they still hold.
    const sessions = this.entries.get(user.id)?.sessions ?? new Set<number>();
    sessions.add(sessionId);
    this.entries.delete(user.id);
    this.entries.set(user.id, { user, sessions, room: state.room, readUpTo: state.readUpTo });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as number);
  }

  message(payload: string, early = false): void {
    const [kind, a, b] = payload.split(':');
    if (kind === 'f') {
      // The ordered stream sets the version; an early copy only forgets it (the next poll reads it),
      // and a read begun before it must not put the old version back.
      if (early) {
        this.versions.delete(Number(a));
        this.epoch++;
      } else this.versions.set(Number(a), Number(b));
    } else {
      this.epoch++;
      if (kind === 'u') this.entries.delete(Number(a));
      else this.entries.clear();
    }
  }

  setLive(live: boolean): void {
    this.live = live;
    this.epoch++;
    this.entries.clear();
    this.versions.clear();
  }
}

/** Starts listening; the returned stop function ends it (on close). */
export async function startPollCache(db: Database): Promise<{ cache: PollCache; stop: () => Promise<void> }> {
  const cache = new PollCache();
  const stop = await db.listen(
    POLL_CHANNEL,
    (p, early) => cache.message(p, early),
    (live) => cache.setLive(live),
  );
  return { cache, stop };
}
