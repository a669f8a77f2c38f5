/**
 * An endpoint's stable id ("wishlist.voteUp"), the outbox's and the cache's key. Apart from
 * api-client.ts so that the sign-in page, which calls but never caches or queues, does not load the
 * whole catalogue.
 */
import { catalogue } from '../api/catalogue';
import type { EndpointDef } from '../api/endpoint';

const ids = new Map<EndpointDef, string>(catalogue.map((e) => [e.def, e.id]));

export function endpointId(def: EndpointDef): string {
  const id = ids.get(def);
  if (!id) throw new Error(`endpoint not in the catalogue: ${def.path}`);
  return id;
}
