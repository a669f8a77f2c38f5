/** Portfolios and feedback (part 2 §7), and the student screens that show portfolio work. */
import type { api } from '../../src/api/catalogue';
import type { Handler, Handlers } from './handler';
import { portfolioFeedbackHandlers } from './portfolio-feedback';
import { portfolioFilterHandlers } from './portfolio-filters';
import { signFileLinks } from './portfolio-images';
import { portfolioItemHandlers, portfolioOfStudentHandlers } from './portfolio-items';
import { studentProfileHandlers } from './student-profile';
import { studentRemovalHandlers } from './students';

// Every answer of these areas passes through signFileLinks, so images work in <img> tags.
function withSignedFiles<G>(handlers: Handlers<G>): Handlers<G> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (async (ctx) => signFileLinks(await (handler as Handler<unknown>)(ctx), ctx.app, ctx.user.organisationId, ctx.user.id)) as Handler<unknown>,
    ]),
  ) as Handlers<G>;
}

export const portfoliosHandlers = withSignedFiles<typeof api.portfolios>({
  ...portfolioItemHandlers,
  ...portfolioFeedbackHandlers,
  ...portfolioFilterHandlers,
});

export const studentsHandlers = withSignedFiles<typeof api.students>({
  ...studentRemovalHandlers,
  ...studentProfileHandlers,
  ...portfolioOfStudentHandlers,
});
