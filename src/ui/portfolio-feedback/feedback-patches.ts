/**
 * Optimistic changes of the three feedback writes on the detail the modal shows (docs/offline.md
 * "Optimistic changes"). Pure functions: the features register them with src/data/optimistic.ts
 * (src/ui may not import src/data), so a comment or grade made offline shows at once.
 */
import type { BlockStatus, FeedbackEntry, PortfolioDetail } from '../../api/portfolios/types';

/** The parts of an outbox entry a patch reads (src/offline/db.ts OutboxEntry). */
export interface PatchEntry {
  seq?: number;
  createdAt: number;
  args: { params?: Record<string, string | number>; body?: unknown };
}

export type FeedbackPatch = (readId: string, data: unknown, entry: PatchEntry) => unknown;

export const DETAILS_READ = 'portfolios.details';

/** A temporary id for a comment not yet on the server: negative, so it never clashes with a real one. */
export const tempFeedbackId = (entry: PatchEntry) => -(entry.seq ?? entry.createdAt);

const isDetail = (data: unknown, itemId: number): data is PortfolioDetail =>
  !!data && typeof data === 'object' && (data as PortfolioDetail).id === itemId && Array.isArray((data as PortfolioDetail).blocks);

export function addFeedback(detail: PortfolioDetail, key: string, entry: FeedbackEntry): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => (b.key === key ? { ...b, feedbackItems: [...b.feedbackItems, entry] } : b)) };
}

export function removeFeedback(detail: PortfolioDetail, feedbackId: number): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => ({ ...b, feedbackItems: b.feedbackItems.filter((f) => f.id !== feedbackId) })) };
}

export function setBlockStatus(detail: PortfolioDetail, key: string, status: BlockStatus): PortfolioDetail {
  return { ...detail, blocks: detail.blocks.map((b) => (b.key === key ? { ...b, status } : b)) };
}

interface FeedbackBody {
  portfolioItemId: number;
  key: string;
  message?: string;
  status?: BlockStatus;
}

/** The three patches by write id; `teacherName` is read when the patch runs (the signed-in teacher). */
export function feedbackPatches(teacherName: () => string): Record<string, FeedbackPatch> {
  return {
    'portfolios.saveFeedback': (readId, data, entry) => {
      const body = entry.args.body as FeedbackBody;
      if (readId !== DETAILS_READ || !isDetail(data, body.portfolioItemId)) return data;
      const comment: FeedbackEntry = { id: tempFeedbackId(entry), name: teacherName(), createdAt: new Date(entry.createdAt).toISOString(), message: (body.message ?? '').trim(), canDelete: true };
      return addFeedback(data, body.key, comment);
    },
    'portfolios.removeFeedback': (readId, data, entry) => {
      if (readId !== DETAILS_READ || !data || !Array.isArray((data as PortfolioDetail).blocks)) return data;
      return removeFeedback(data as PortfolioDetail, Number(entry.args.params?.feedbackId));
    },
    'portfolios.saveFeedbackStatus': (readId, data, entry) => {
      const body = entry.args.body as FeedbackBody;
      if (readId !== DETAILS_READ || !isDetail(data, body.portfolioItemId)) return data;
      return setBlockStatus(data, body.key, body.status ?? '');
    },
  };
}
