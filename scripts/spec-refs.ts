/**
 * The spec citations in code ('part 1 §4.2') and the sections docs/requirements.md lists, as pure
 * functions so scripts/check-spec-refs.ts stays a thin file walker and the parsing can be tested.
 */

export interface SpecRef {
  part: number;
  section: string;
  line: number;
}

/** One section number: 4, 4.2, 2.6.3. A trailing dot (end of a sentence) is not part of it. */
const NUM = String.raw`\d+(?:\.\d+)*`;
/** A screen's name after a number, as code writes it: part 2 §2 "Student form", §5. */
const LABEL = String.raw`(?:\s*(?:"[^"\n]*"|'[^'\n]*'))?`;
const CITATION = new RegExp(String.raw`\bpart\s+(\d+)\s*§(${NUM})${LABEL}((?:\s*(?:,|/|and|en)\s*§${NUM}${LABEL})*)`, 'gi');
const NUMBER = new RegExp(`§(${NUM})`, 'g');

/** Every 'part N §M' in a file, and the further sections chained to it ('part 1 §4, §6', '§2/§6'). */
export function findSpecRefs(text: string): SpecRef[] {
  const refs: SpecRef[] = [];
  text.split('\n').forEach((content, i) => {
    for (const m of content.matchAll(CITATION)) {
      const part = Number(m[1]);
      refs.push({ part, section: m[2]!, line: i + 1 });
      for (const more of (m[3] ?? '').matchAll(NUMBER)) refs.push({ part, section: more[1]!, line: i + 1 });
    }
  });
  return refs;
}

/**
 * The sections docs/requirements.md defines, as 'N §M' keys: a '## Part N' heading sets the part;
 * a heading that starts with a number ('### part 1 §4 …', '#### §2.6 …') or a table row whose first
 * cell is one ('| §4.2 | …') defines it.
 */
export function indexedSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  let part = 0;
  for (const line of markdown.split('\n')) {
    const partHeading = /^##\s+Part\s+(\d+)\b/i.exec(line);
    if (partHeading) {
      part = Number(partHeading[1]);
      continue;
    }
    const defined = new RegExp(`^(?:#{3,}\\s+(?:part\\s+\\d+\\s+)?|\\|\\s*)§(${NUM})`, 'i').exec(line);
    if (defined && part > 0) sections.add(key(part, defined[1]!));
  }
  return sections;
}

export function key(part: number, section: string): string {
  return `${part} §${section}`;
}
