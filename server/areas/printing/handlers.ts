/** Module printing (part 2 §7 Printing): the levels of a module, and a print job (print-jobs.ts). */
import { randomBytes } from 'node:crypto';
import type { api } from '../../../src/api/catalogue';
import { NOTHING_TO_PRINT, type Level } from '../../../src/api/printing/types';
import type { ServerConfig } from '../../config';
import type { Handlers } from '../../http/handler';
import { RULES, waitText } from '../../auth/rate-limit';
import { badRequest, notFound, TooManyRequests } from '../../http-error';
import type { PrintOptions } from '../../pdf/module-pdf';
import { levelLabels } from './print-jobs';
import { chapterLevels, chapterOfLesson, insertPrintJob } from './queries';

const FLAGS = [
  'showContent',
  'showPictures',
  'showAssignmentLines',
  'showAssignments',
  'showAnswers',
  'showTerms',
  'showDefinitions',
  'showDefinitionLines',
] as const;

const PRINTED = ['showContent', 'showPictures', 'showAssignments', 'showAnswers', 'showTerms'] as const;

function levelsOf(keys: readonly string[], config: ServerConfig): Level[] {
  const labels = levelLabels(config);
  return keys.map((key) => ({ key, value: labels[key] ?? key }));
}

/** Accepts a level key ('gl-tl') or its label ('GL en TL', 'GL+en+TL'), within the module's levels. */
function resolveLevel(given: string, levels: Level[]): string | null {
  const wanted = given.replace(/\+/g, ' ').trim().toLowerCase();
  return levels.find((l) => l.key.toLowerCase() === wanted || l.value.toLowerCase() === wanted)?.key ?? null;
}

export const printingHandlers: Handlers<typeof api.printing> = {
  chapterLevels: async ({ db, params, app }) => {
    const levels = await chapterLevels(db, params.chapterId);
    if (!levels) throw notFound('Deze module is niet gevonden.');
    return levelsOf(levels, app.config);
  },

  requestDownload: async ({ db, user, params, query, app }) => {
    const lesson = await chapterOfLesson(db, params.firstLessonId);
    if (!lesson) throw notFound('Deze module is niet gevonden.');
    // Part 2 §2/§6: inactive subjects are not offered on the print page, so not printed by address either.
    if (!lesson.section_active) throw badRequest('Dit vak is niet meer actief; de modules ervan kun je niet printen.');
    const levels = levelsOf(lesson.levels, app.config);
    if (!query.studyLevel) throw badRequest('Kies een niveau.', { studyLevel: 'Kies een niveau.' });
    const level = resolveLevel(query.studyLevel, levels);
    if (!level)
      throw badRequest('Dit niveau hoort niet bij deze module.', { studyLevel: `Kies uit: ${levels.map((l) => l.value).join(', ')}.` });
    // A print job costs a PDF render when opened (29.7): a few chapters in a break, not a flood.
    const refused = await app.limits.count(db, [{ key: `print:user:${user.id}`, rule: RULES.printJob }]);
    if (refused)
      throw new TooManyRequests(
        `Je hebt veel printversies kort na elkaar gemaakt. Probeer het over ${waitText(refused.retryAfterSecs)} opnieuw.`,
        refused.retryAfterSecs,
      );
    const options = { studyLevel: level } as PrintOptions;
    for (const flag of FLAGS) options[flag] = query[flag] === 1;
    // Lines and definitions only hang under the assignments and terms: without one of these the PDF would be bare headings.
    if (!PRINTED.some((flag) => options[flag])) throw badRequest(NOTHING_TO_PRINT, { showContent: NOTHING_TO_PRINT });
    const hash = randomBytes(24).toString('base64url');
    await insertPrintJob(db, { hash, organisationId: user.organisationId, chapterId: lesson.chapter_id, options, createdAt: app.now() });
    return { hash };
  },
};
