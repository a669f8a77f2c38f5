/**
 * Filtering for the organisation selector (part 1 §2): search over the whole record. Schools without
 * licences (active 0) stay in the list, see docs/decisions.md.
 */
import { matchesSearch } from './search';

/** The fields the selector needs; src/lib stays free of the API layer (lint rule). */
export interface OrganisationLike {
  id: number;
  name: string;
  location: string;
  city: string;
  active: number;
}

export function organisationLabel(o: Pick<OrganisationLike, 'name' | 'location' | 'city'>): string {
  const location = o.location ? ` (${o.location})` : '';
  const city = o.city ? ` ${o.city}` : '';
  return `${o.name}${location}${city}`;
}

export function filterOrganisations<T extends OrganisationLike>(list: readonly T[] | undefined, query: string): T[] {
  return (list ?? []).filter((o) => !(o as { hidden?: boolean }).hidden && matchesSearch(o, query));
}
