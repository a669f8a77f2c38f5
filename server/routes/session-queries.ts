import type { CurrentUser, Organisation } from '../../src/api/session/types';
import type { SessionUser } from '../auth/session-user';
import type { Param, Queryable } from '../db/database';
import { notFound } from '../http-error';

/** Organisations with their counts (part 1 §3), filtered by a trusted WHERE clause. */
export function organisationSummary(db: Queryable, where: string, params: Param[]): Promise<Organisation[]> {
  return db.query<Organisation>(
    `SELECT o.id, o.name, o.location, o.city, o.active,
            (SELECT count(*)::int FROM classrooms c WHERE c.organisation_id = o.id) AS "classroomCount",
            (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.organisation_id = o.id AND u.role = 'STUDENT') AS "studentCount",
            (SELECT count(*)::int FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.organisation_id = o.id AND u.role <> 'STUDENT' AND m.active) AS "teacherCount"
       FROM organisations o
      WHERE ${where}
      ORDER BY o.name`,
    params,
  );
}

export async function currentUser(db: Queryable, user: SessionUser): Promise<CurrentUser> {
  const [org] = await db.query<{ name: string }>(`SELECT name FROM organisations WHERE id = $1`, [user.organisationId]);
  if (!org) throw notFound();
  return {
    id: user.id,
    role: user.role,
    currentClassroomId: user.classroomId,
    currentOrganisationId: user.organisationId,
    email: user.email,
    name: user.name,
    organisationName: org.name,
    studyLevel: user.studyLevel,
  };
}
