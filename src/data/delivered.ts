/**
 * What a delivered change tells the screens: the reads it can have changed refresh (the server's
 * values replace the optimistic ones), the others stay as they are. A vote is delivered to the
 * wishlist's reads, not to the shell's school and licences (issue 34 item 5).
 */
import { findEndpoint } from '../api/catalogue';
import type { EndpointDef } from '../api/endpoint';
import { endpointId } from './endpoint-ids';
import { noteDelivered } from './read-flights';

/** Fired on the window when changes were delivered: screens refresh their reads. */
export const DELIVERED_EVENT = 'outbox-delivered';

interface Delivered {
  /** The catalogue areas whose reads the changes can have altered; null: any read. */
  areas: readonly string[] | null;
}

const areaOf = (id: string) => id.slice(0, id.indexOf('.'));

function areasChangedBy(ids: readonly string[]): string[] | null {
  const areas = new Set<string>();
  for (const id of ids) {
    // Unknown or not limited to its area (the default): every read may have changed.
    if (findEndpoint(id)?.effects !== 'area') return null;
    areas.add(areaOf(id));
  }
  return [...areas];
}

/** Tells the screens that the changes `ids` were delivered, the last at `at` (ms since epoch). */
export function announceDelivered(ids: readonly string[], at: number): void {
  noteDelivered(at);
  // The event can outlive the page it was meant for (a test's torn-down document): nothing to tell then.
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<Delivered>(DELIVERED_EVENT, { detail: { areas: areasChangedBy(ids) } }));
}

/** Whether the delivered event asks the read `def` to refresh. */
export function refreshesRead(event: Event, def: EndpointDef): boolean {
  const areas = (event as CustomEvent<Delivered | undefined>).detail?.areas;
  return !areas || areas.includes(areaOf(endpointId(def)));
}
