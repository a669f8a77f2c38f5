import { catalogue, type CatalogueEntry } from '../api/catalogue';
import { matchPath } from '../api/endpoint';

// Static paths first, so students/bulk/massMove is not taken for students/bulk/{action}.
const ordered = [...catalogue].sort((a, b) => (a.def.path.match(/\{/g)?.length ?? 0) - (b.def.path.match(/\{/g)?.length ?? 0));

/** The catalogue entry a request is for, from its method and the path after /api/. */
export function matchEndpoint(method: string, url: string): CatalogueEntry | undefined {
  const path = new URL(url, 'http://x').pathname.replace(/^.*?\/api\//, '');
  return ordered.find((e) => e.def.method === method && matchPath(e.def.path, path) !== null);
}
