/**
 * The document title of part 1 §1: 'Docentenomgeving - <system name>', prefixed by the page title
 * when one is set, separated by ' | ' (e.g. 'Klassen | Docentenomgeving - Maatschappijwijzer').
 */
export const TITLE_SEPARATOR = ' | ';

export function pageTitle(systemName: string, title?: string | null): string {
  const base = systemName ? `Docentenomgeving - ${systemName}` : 'Docentenomgeving';
  return title ? `${title}${TITLE_SEPARATOR}${base}` : base;
}
