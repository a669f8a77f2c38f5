/** Portfolios, feedback and the student profile (part 2 §7). */
import type { portfolios as area } from '../../src/api/endpoints/portfolios';
import type { Handler, Handlers } from './handler';
import { portfolioFeedbackHandlers } from './portfolio-feedback';
import { portfolioFilterHandlers } from './portfolio-filters';
import { signFileLinks } from './portfolio-images';
import { portfolioItemHandlers } from './portfolio-items';
import { studentProfileHandlers } from './student-profile';

const handlers: Handlers<typeof area> = {
  ...portfolioItemHandlers,
  ...portfolioFeedbackHandlers,
  ...portfolioFilterHandlers,
  ...studentProfileHandlers,
};

// Every answer of this area passes through signFileLinks, so images work in <img> tags.
export const portfoliosHandlers = Object.fromEntries(
  Object.entries(handlers).map(([name, handler]) => [
    name,
    (async (ctx) => signFileLinks(await (handler as Handler<unknown>)(ctx), ctx.app, ctx.user.organisationId, ctx.user.id)) as Handler<unknown>,
  ]),
) as Handlers<typeof area>;
