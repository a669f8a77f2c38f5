/** Filter options (part 2 §2, §4) built from rows the queries read. */
import type { Option } from '../../../src/api/portfolios/types';

/**
 * Where a portfolio item sits: its class (null when it has none), subject, module and lesson. Read by
 * both filter queries, the portfolio list's and the one of a student's portfolio tab.
 */
export interface PortfolioPlaceRow {
  class_id: number | null;
  class_name: string | null;
  section_id: number;
  section_name: string;
  chapter_id: number;
  chapter_name: string;
  lesson_id: number;
  lesson_title: string;
}

/** Distinct options from rows, in first-seen order (the queries sort them). */
export function distinctOptions(rows: readonly { id: number | string | null; name: string | null }[]): Option[] {
  const seen = new Map<number | string, Option>();
  for (const r of rows) if (r.id !== null && !seen.has(r.id)) seen.set(r.id, { id: r.id, name: r.name ?? '' });
  return [...seen.values()];
}

/** The study levels of the configuration as options; unknown keys show as they are. */
export function levelOptions(keys: readonly (string | null)[], labels: Record<string, string>): Option[] {
  const present = new Set(keys.filter((k): k is string => !!k));
  const known = Object.keys(labels).filter((k) => present.has(k));
  const unknown = [...present].filter((k) => !(k in labels)).sort();
  return [...known, ...unknown].map((k) => ({ id: k, name: labels[k] ?? k }));
}

export const byName = (a: Option, b: Option) => a.name.localeCompare(b.name, 'nl', { numeric: true });
