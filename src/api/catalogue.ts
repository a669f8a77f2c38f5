/**
 * The endpoint catalogue: every call of spec part 1 §7 and part 2 §7, declared once, one folder per
 * area (named as the features and the server's areas are). The page builds its URLs from it, the
 * service worker decides caching and queueing from it, and the server registers its routes from it,
 * so a path cannot drift between the three.
 */
import type { EndpointDef } from './endpoint';
import { classrooms } from './classrooms/endpoints';
import { dashboard } from './dashboard/endpoints';
import { documents } from './documents/endpoints';
import { exams } from './exams/endpoints';
import { licences } from './licences/endpoints';
import { offline } from './offline/endpoints';
import { portfolios } from './portfolios/endpoints';
import { printing } from './printing/endpoints';
import { schoolYear } from './school-year/endpoints';
import { push } from './push/endpoints';
import { session } from './session/endpoints';
import { students } from './students/endpoints';
import { studentsApp } from './students-app/endpoints';
import { teachers } from './teachers/endpoints';
import { wishlist } from './wishlist/endpoints';

export const api = {
  session,
  dashboard,
  classrooms,
  students,
  teachers,
  documents,
  printing,
  exams,
  portfolios,
  licences,
  offline,
  schoolYear,
  wishlist,
  push,
  studentsApp,
} as const;

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
