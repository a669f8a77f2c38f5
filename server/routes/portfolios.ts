/** Portfolios, feedback and the student profile (part 2 §7). */
import type { portfolios as area } from '../../src/api/endpoints/portfolios';
import type { Handlers } from './handler';
import { portfolioFeedbackHandlers } from './portfolio-feedback';
import { portfolioFilterHandlers } from './portfolio-filters';
import { portfolioItemHandlers } from './portfolio-items';
import { studentProfileHandlers } from './student-profile';

export const portfoliosHandlers: Handlers<typeof area> = {
  ...portfolioItemHandlers,
  ...portfolioFeedbackHandlers,
  ...portfolioFilterHandlers,
  ...studentProfileHandlers,
};
