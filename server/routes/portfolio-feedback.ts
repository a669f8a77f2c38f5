/**
 * Feedback and grades on portfolio blocks (part 2 §2 feedback modal, §7). Each call answers the
 * updated detail, so the modal shows what the server now holds.
 */
import type { api } from '../../src/api/catalogue';
import type { BlockStatus } from '../../src/api/portfolios/types';
import type { Queryable } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http-error';
import type { Handlers } from './handler';
import { ITEM_NOT_FOUND, loadDetail } from './portfolio-queries';

const UNKNOWN_BLOCK = 'Onbekend onderdeel van dit portfolio.';

/**
 * The block of an item of the caller's school, locked for the rest of the transaction so two
 * teachers grading at once are ordered and the second one sees the first one's grade.
 */
async function blockOf(db: Queryable, organisationId: number, itemId: number, key: string): Promise<{ id: number; status: BlockStatus }> {
  const [item] = await db.query(`SELECT 1 FROM portfolio_items WHERE id = $1 AND organisation_id = $2`, [itemId, organisationId]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  const [block] = await db.query<{ id: number; status: BlockStatus }>(
    `SELECT id, status FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = $2 FOR UPDATE`,
    [itemId, key],
  );
  if (!block) throw badRequest(UNKNOWN_BLOCK, { key: UNKNOWN_BLOCK });
  return block;
}

export const portfolioFeedbackHandlers: Handlers<typeof api.portfolios> = {
  saveFeedback: async ({ db, user, body }) => {
    const message = body.message.trim();
    if (!message) throw badRequest('Vul een opmerking in.', { message: 'Vul een opmerking in.' });
    const block = await blockOf(db, user.organisationId, body.portfolioItemId, body.key);
    // The author is always the caller, whatever teacherId the client sent. readAt is when the
    // student read the feedback, so a new entry starts unread.
    await db.query(`INSERT INTO portfolio_feedback (block_id, teacher_id, message, read_at) VALUES ($1, $2, $3, NULL)`, [block.id, user.id, message]);
    return loadDetail(db, user.organisationId, body.portfolioItemId, user.id);
  },

  removeFeedback: async ({ db, user, params }) => {
    const [row] = await db.query<{ teacher_id: number | null; item_id: number }>(
      `SELECT f.teacher_id, p.id AS item_id
         FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id JOIN portfolio_items p ON p.id = b.portfolio_item_id
        WHERE f.id = $1 AND p.organisation_id = $2`,
      [params.feedbackId, user.organisationId],
    );
    if (!row) throw notFound('Deze feedback is niet gevonden.');
    // Only the author removes feedback: the student read it under that teacher's name, and a
    // colleague should not be able to take back someone else's words (as with wishlist comments).
    if (row.teacher_id !== user.id) throw forbidden('Je kunt alleen je eigen feedback verwijderen.');
    await db.query(`DELETE FROM portfolio_feedback WHERE id = $1`, [params.feedbackId]);
    return loadDetail(db, user.organisationId, row.item_id, user.id);
  },

  saveFeedbackStatus: async ({ db, user, body }) => {
    const block = await blockOf(db, user.organisationId, body.portfolioItemId, body.key);
    if (block.status !== body.status) {
      // A grade queued offline must not overwrite a colleague's later grade unseen.
      if (body.previousStatus !== undefined && body.previousStatus !== block.status) {
        throw conflict('Een collega heeft dit onderdeel intussen anders beoordeeld.', {
          current: { status: block.status, key: body.key, portfolioItemId: body.portfolioItemId },
        });
      }
      // Only the block changes: updated_at is when the student last worked on the item ('Voltooid op',
      // the list order), and a teacher's grade must not move that date.
      await db.query(`UPDATE portfolio_blocks SET status = $2 WHERE id = $1`, [block.id, body.status]);
    }
    return loadDetail(db, user.organisationId, body.portfolioItemId, user.id);
  },
};
