/** Filtering for the organisation selector (part 1 §2): active only, search over the whole record. */
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

export function matchesSearch(record: object, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return Object.values(record).some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));
}

export function filterOrganisations<T extends OrganisationLike>(list: readonly T[] | undefined, query: string): T[] {
  return (list ?? []).filter((o) => o.active === 1 && matchesSearch(o, query));
}
