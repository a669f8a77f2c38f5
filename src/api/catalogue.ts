/**
 * The endpoint catalogue: every call of spec part 1 §7 and part 2 §7, declared once. The page builds
 * its URLs from it, the service worker decides caching and queueing from it, and the server registers
 * its routes from it, so a path cannot drift between the three.
 */
import type { EndpointDef } from './endpoint';
import { classrooms } from './endpoints/classrooms';
import { material } from './endpoints/material';
import { portfolios } from './endpoints/portfolios';
import { push } from './endpoints/push';
import { session } from './endpoints/session';
import { studentsApp } from './endpoints/students-app';
import { wishlist } from './endpoints/wishlist';

export const api = { session, classrooms, material, portfolios, wishlist, studentsApp, push } as const;

export type Area = keyof typeof api;

export interface CatalogueEntry {
  /** "area.name", e.g. "wishlist.voteUp": stable, used as the outbox's and the cache's key. */
  id: string;
  def: EndpointDef;
}

/** Every endpoint once. A path used by two areas of the spec (organisations/teachers) is declared once. */
export const catalogue: readonly CatalogueEntry[] = Object.entries(api).flatMap(([area, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, def]) => ({ id: `${area}.${name}`, def })),
);

export function findEndpoint(id: string): EndpointDef | undefined {
  return catalogue.find((e) => e.id === id)?.def;
}
