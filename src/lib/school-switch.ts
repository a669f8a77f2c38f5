/**
 * Where the page lands after an ADMIN switches school (part 1 §2: choosing an organisation reloads the
 * whole page). A page of one record of the old school (a class, its students, a student's profile, a
 * document, an idea) has no meaning in the new one and would say 'niet gevonden': it goes to the list
 * it belongs to. A list page or a new-record form stays where it is. The query is dropped: its values
 * (filters, a return address) were the old school's.
 */
const RECORD_PAGES: readonly [RegExp, string][] = [
  [/^\/classrooms\/(form|students)\/(?!0$)[^/]+$/, '/classrooms'],
  [/^\/students\/form\/[^/]+$/, '/classrooms'],
  [/^\/documents\/form\/(?!0(\/|$))[^/]+(\/[^/]+)?$/, '/documents'],
  [/^\/wishlist\/form\/(?!0$)[^/]+$/, '/wishlist'],
];

export function landingAfterSwitch(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/index';
  return RECORD_PAGES.find(([pattern]) => pattern.test(bare))?.[1] ?? bare;
}
