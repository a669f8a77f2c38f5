/**
 * The print choices of part 2 §2 "Print modules" as the flags of part 2 §7: 'Lesstof aan' prints the
 * content with its pictures, terms and definitions; 'Opdrachten aan' the assignments with answer lines;
 * 'Antwoorden aan' the answers. Each flag is sent as 0 or 1.
 */
export interface PrintChoices {
  content: boolean;
  assignments: boolean;
  answers: boolean;
}

export type PrintFlags = Record<
  | 'showContent'
  | 'showPictures'
  | 'showTerms'
  | 'showDefinitions'
  | 'showDefinitionLines'
  | 'showAssignments'
  | 'showAssignmentLines'
  | 'showAnswers',
  0 | 1
>;

export const DEFAULT_CHOICES: PrintChoices = { content: true, assignments: true, answers: false };

export function printFlags(c: PrintChoices): PrintFlags {
  const bit = (on: boolean): 0 | 1 => (on ? 1 : 0);
  return {
    showContent: bit(c.content),
    showPictures: bit(c.content),
    showTerms: bit(c.content),
    showDefinitions: bit(c.content),
    showDefinitionLines: bit(c.content),
    showAssignments: bit(c.assignments),
    showAssignmentLines: bit(c.assignments),
    showAnswers: bit(c.answers),
  };
}

/** The embedded print page: the hash, generateChapter=1, the level and the same flags (part 2 §7). */
export function printPageUrl(apiUrl: string, hash: string, studyLevel: string, flags: PrintFlags): string {
  const base = new URL(apiUrl, location.origin);
  const url = new URL(`../print/${encodeURIComponent(hash)}`, base);
  url.search = new URLSearchParams({
    generateChapter: '1',
    studyLevel,
    ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)])),
  }).toString();
  return url.origin === location.origin ? url.pathname + url.search : url.toString();
}

/** What one stored PDF stands for: a module, a level and the three choices. */
export function choiceKey(chapterId: number, studyLevel: string, c: PrintChoices): string {
  return `${chapterId}/${encodeURIComponent(studyLevel)}/${c.content ? 1 : 0}${c.assignments ? 1 : 0}${c.answers ? 1 : 0}`;
}
