/**
 * Optimistic changes of the three feedback writes on the detail the modal shows (docs/offline.md
 * "Optimistic changes"), so a comment or grade made offline shows at once.
 */
import { api } from '../../api/catalogue';
import type { BlockStatus, FeedbackEntry, PortfolioDetail } from '../../api/portfolios/types';
import { patch, tempId } from '../../data/optimistic';
import { session } from '../../data/session';

function addFeedback(detail: PortfolioDetail, key: string, entry: FeedbackEntry): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => (b.key === key ? { ...b, feedbackItems: [...b.feedbackItems, entry] } : b)) };
}

function removeFeedback(detail: PortfolioDetail, feedbackId: number): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => ({ ...b, feedbackItems: b.feedbackItems.filter((f) => f.id !== feedbackId) })) };
}

function setBlockStatus(detail: PortfolioDetail, key: string, status: BlockStatus): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => (b.key === key ? { ...b, status } : b)) };
}

const { details, saveFeedback, removeFeedback: remove, saveFeedbackStatus } = api.portfolios;

export const feedbackPatches = [
  patch(saveFeedback, details, (detail, entry) => {
    const body = entry.args.body;
    if (detail.id !== body.portfolioItemId) return detail;
    // The author is the signed-in teacher, read when the patch runs.
    const comment: FeedbackEntry = {
      id: tempId(entry),
      name: session.user?.name ?? '',
      createdAt: new Date(entry.createdAt).toISOString(),
      message: (body.message ?? '').trim(),
      canDelete: true,
    };
    return addFeedback(detail, body.key, comment);
  }),
  patch(remove, details, (detail, entry) => removeFeedback(detail, Number(entry.args.params.feedbackId))),
  patch(saveFeedbackStatus, details, (detail, entry) => {
    const body = entry.args.body;
    return detail.id === body.portfolioItemId ? setBlockStatus(detail, body.key, (body.status ?? '') as BlockStatus) : detail;
  }),
];
