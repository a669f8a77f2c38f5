/** The parser behind `npm run lint`'s spec check (scripts/check-spec-refs.ts). */
import { describe, expect, it } from 'vitest';
import { findSpecRefs, indexedSections } from '../../scripts/spec-refs';

// Citations are built from pieces so the lint step does not read this file's own examples.
const cite = (part: number, rest: string) => `part ${part} ${'§'}${rest}`;

describe('spec references', () => {
  it('finds a citation with sub-numbers, any case, without the full stop of a sentence', () => {
    const refs = findSpecRefs(`a\n// ${cite(1, '4.2')} and P${cite(2, '9').slice(1)}.`);
    expect(refs).toEqual([
      { part: 1, section: '4.2', line: 2 },
      { part: 2, section: '9', line: 2 },
    ]);
  });

  it('follows chained sections, with a screen name between them', () => {
    const refs = findSpecRefs(`(${cite(2, "2 'Student form', §5, §7")} Students) ${cite(1, '2/§6')}`);
    expect(refs.map((r) => `${r.part} §${r.section}`)).toEqual(['2 §2', '2 §5', '2 §7', '1 §2', '1 §6']);
  });

  it('lists the sections the index defines under their part', () => {
    const index = [
      '## Part 1: x',
      '### part 1 §2 Screens',
      '#### §2.6 Class form',
      '| §2.6.3 | y | z |',
      '## Part 2',
      '| §4.1 | y | z |',
      'text §9',
    ].join('\n');
    expect([...indexedSections(index)]).toEqual(['1 §2', '1 §2.6', '1 §2.6.3', '2 §4.1']);
  });
});
