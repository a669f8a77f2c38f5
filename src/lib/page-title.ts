/**
 * The document title of part 1 §1: 'Docentenomgeving - <system name>', prefixed by the page title
 * when one is set, separated by ' | ' (e.g. 'Klassen | Docentenomgeving - Maatschappijwijzer').
 */
const TITLE_SEPARATOR = ' | ';

/** `configured` is the configuration's page_title: the prefix part 1 §1 names, after the screen's own name. */
export function pageTitle(systemName: string, title?: string | null, configured?: string | null): string {
  const base = systemName ? `Docentenomgeving - ${systemName}` : 'Docentenomgeving';
  return [title, configured?.trim(), base].filter(Boolean).join(TITLE_SEPARATOR);
}
