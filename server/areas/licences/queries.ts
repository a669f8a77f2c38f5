/** The licences area's SQL: licences per module with their use, and the school's extension intention. */
import type { Licence } from '../../../src/api/licences/types';
import type { Queryable } from '../../db/database';

export const licencesOf = (db: Queryable, organisationId: number) =>
  db.query<Licence>(
    `SELECT s.name AS "sectionName", c.name AS "chapterName", l.license_count AS "licenseCount",
            u.used::int AS "usedLicenseCount", (u.used > l.license_count) AS overuse
       FROM licences l
       -- A school without licences this school year (active 0) shows none: rows left from before are not this year's.
       JOIN organisations o ON o.id = l.organisation_id AND o.active = 1
       JOIN chapters c ON c.id = l.chapter_id
       JOIN sections s ON s.id = c.section_id
       CROSS JOIN LATERAL (
         SELECT count(DISTINCT cs.user_id) AS used
           FROM classroom_students cs
           JOIN classrooms cl ON cl.id = cs.classroom_id AND cl.organisation_id = l.organisation_id AND cl.archived_at IS NULL
           JOIN classroom_chapters cc ON cc.classroom_id = cl.id AND cc.chapter_id = l.chapter_id
       ) u
      WHERE l.organisation_id = $1
      ORDER BY s.position, s.name, c.position, c.name`,
    [organisationId],
  );

export async function extendInfoOf(
  db: Queryable,
  organisationId: number,
): Promise<{ extendIntention: boolean; extendContactEmail: string } | undefined> {
  const [row] = await db.query<{ extendIntention: boolean; extendContactEmail: string }>(
    `SELECT extend_intention AS "extendIntention", extend_contact_email AS "extendContactEmail" FROM organisations WHERE id = $1`,
    [organisationId],
  );
  return row;
}

export async function saveExtendInfo(db: Queryable, organisationId: number, intention: boolean, email: string): Promise<void> {
  await db.query(`UPDATE organisations SET extend_intention = $2, extend_contact_email = $3 WHERE id = $1`, [
    organisationId,
    intention,
    email,
  ]);
}

/** Holds the row till the transaction ends, so a merge with `base` reads what it writes over (issue 36). */
export async function lockExtendInfo(db: Queryable, organisationId: number): Promise<void> {
  await db.query(`SELECT 1 FROM organisations WHERE id = $1 FOR UPDATE`, [organisationId]);
}
