/**
 * Optimistic changes: a queued write shows at once in the reads it affects. Nothing in the cache is
 * mutated; a patch is applied when a read is rendered, for every entry still waiting (or delivered
 * after the read was fetched). A refused entry stops applying, which undoes its change by itself.
 *
 * A patch names its write and its read by their catalogue entries, so the arguments and both answers
 * are typed from the endpoints. A screen hands the patches of a read to useRead with the read itself
 * (`useRead(api.wishlist.items, {}, { patches })`): where a read is shown, its patches are in sight.
 */
import type { AnswerOf, BodyOf, EndpointDef, ParamsOf, QueryOf } from '../api/endpoint';
import type { OutboxEntry } from '../offline/db';
import { endpointId } from './endpoint-ids';

/** A queued write as its patch sees it: the arguments the screen gave, typed by the write's endpoint. */
export interface Queued<W> {
  args: { params: ParamsOf<W>; query: QueryOf<W>; body: BodyOf<W> };
  createdAt: number;
  /** The outbox's key; absent only before the entry is stored. */
  seq?: number;
}

type StoredEntry = Pick<OutboxEntry, 'args' | 'createdAt' | 'seq'>;

export interface Patch<R extends EndpointDef = EndpointDef> {
  readonly write: EndpointDef;
  readonly read: R;
  // Method syntax: a patch of one read is a Patch of "some read" (bivariant parameter).
  apply(cached: AnswerOf<R>, entry: StoredEntry): AnswerOf<R>;
}

/** The change `write`, while queued, makes to the cached answer of `read`. */
export function patch<W extends EndpointDef, R extends EndpointDef>(write: W, read: R, apply: (cached: AnswerOf<R>, entry: Queued<W>) => AnswerOf<R>): Patch<R> {
  return {
    write,
    read,
    // The arguments were given by a screen through useWrite(write), validated by the same schemas on
    // the server; missing parts read as empty.
    apply: (cached, entry) => apply(cached, { ...entry, args: { params: {}, query: {}, body: undefined, ...entry.args } } as unknown as Queued<W>),
  };
}

/** A temporary id for something not yet on the server: negative, so it never clashes with a real one. */
export const tempId = (entry: Pick<Queued<unknown>, 'seq' | 'createdAt'>) => -(entry.seq ?? entry.createdAt);

/** The cached answer of `read` with every still-pending entry's patch applied, in queue order. */
export function applyPending<R extends EndpointDef>(read: R, patches: readonly Patch[], data: AnswerOf<R>, fetchedAt: number, entries: readonly OutboxEntry[]): AnswerOf<R> {
  const mine = patches.filter((p) => p.read === read);
  if (!mine.length || data === null || data === undefined) return data;
  const ids = mine.map((p) => endpointId(p.write));
  let out: AnswerOf<R> = data;
  for (const entry of entries) {
    const active = entry.state === 'waiting' || entry.state === 'sending' || (entry.state === 'delivered' && (entry.deliveredAt ?? 0) > fetchedAt);
    if (!active) continue;
    mine.forEach((p, i) => {
      if (ids[i] === entry.endpointId) out = p.apply(out, entry) as AnswerOf<R>;
    });
  }
  return out;
}
