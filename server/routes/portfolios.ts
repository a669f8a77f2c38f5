/** Portfolios, feedback and the student profile (part 2 §7). */
import type { portfolios as area } from '../../src/api/endpoints/portfolios';
import type { Handlers } from './handler';

export const portfoliosHandlers: Handlers<typeof area> = {};
