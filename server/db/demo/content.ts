/**
 * Method content of the demo: subjects (sections), modules (chapters) and lessons. The lesson texts
 * live in content-*.ts as one base text each; the per-level bodies are derived here.
 */
import { burgerschap, oudeMethode } from './content-burgerschap';
import { maatschappijleer1 } from './content-ml1';
import { maatschappijleer2 } from './content-ml2';
import type { LessonSource, SectionSource, StudyLevel } from './content-types';

export { STUDY_LEVELS, type StudyLevel } from './content-types';

export const SECTIONS: readonly SectionSource[] = [
  { name: 'Maatschappijleer 1', active: true, chapters: maatschappijleer1 },
  { name: 'Maatschappijleer 2 (examenvak)', active: true, chapters: maatschappijleer2 },
  { name: 'Burgerschap', active: true, chapters: burgerschap },
  { name: 'Oude methode 2019', active: false, chapters: oudeMethode },
];

interface LevelBody {
  content: string;
  assignments: { question: string; answer: string }[];
  terms: { term: string; definition: string }[];
}
export type LessonBody = Partial<Record<StudyLevel, LevelBody>>;

const DEEPER: readonly ((title: string) => [string, string])[] = [
  (t) => [
    `Zoek in het nieuws van deze week een bericht dat past bij de les "${t}". Leg uit waarom het past.`,
    'Eigen antwoord. Het bericht moet echt over het onderwerp van de les gaan en de uitleg moet dat laten zien.',
  ],
  (t) => [
    `Bedenk een voorbeeld uit je eigen omgeving bij de les "${t}". Wat zou jij anders willen?`,
    'Eigen antwoord. Een goed antwoord noemt een concreet voorbeeld en een duidelijke verbetering.',
  ],
  (t) => [
    `Schrijf drie vragen op die je een deskundige zou willen stellen over "${t}".`,
    'Eigen antwoord. Het moeten open vragen zijn die niet met ja of nee te beantwoorden zijn.',
  ],
];

const pairs = (list: readonly (readonly [string, string])[]) => list.map(([question, answer]) => ({ question, answer }));
const termList = (list: readonly (readonly [string, string])[]) => list.map(([term, definition]) => ({ term, definition }));

/** Derives the per-level body: basis is shorter, gl-tl has an extra assignment. */
export function lessonBody(lesson: LessonSource, levels: readonly StudyLevel[], index: number): LessonBody {
  const body: LessonBody = {};
  const deeper = DEEPER[index % DEEPER.length];
  for (const level of levels) {
    const text = level === 'basis' ? lesson.text.slice(0, 2) : lesson.text;
    const assignments = pairs(lesson.assignments);
    if (level === 'gl-tl' && deeper) {
      const [question, answer] = deeper(lesson.title);
      assignments.push({ question, answer });
    }
    body[level] = {
      content: text.join('\n\n'),
      assignments,
      terms: termList(level === 'basis' ? lesson.terms.slice(0, 1) : lesson.terms),
    };
  }
  return body;
}
