/** The planned year change's SQL: at most one per school, applied by the school-year job on its first school day. */
import type { Queryable } from '../../db/database';
import type { PlanInput } from './plan';

export interface Schedule {
  organisationId: number;
  name: string;
  startsOn: string;
  input: PlanInput;
  scheduledAt: string;
  scheduledById: number | null;
  scheduledBy: string | null;
  lastError: string | null;
}

const SELECT = `SELECT s.organisation_id AS "organisationId", s.name, s.starts_on::text AS "startsOn", s.input,
                       s.scheduled_at AS "scheduledAt", s.scheduled_by AS "scheduledById", u.name AS "scheduledBy", s.last_error AS "lastError"
                  FROM school_year_schedules s LEFT JOIN users u ON u.id = s.scheduled_by`;

export async function scheduleOf(db: Queryable, organisationId: number): Promise<Schedule | null> {
  const [row] = await db.query<Schedule & { scheduledAt: Date | string }>(`${SELECT} WHERE s.organisation_id = $1`, [organisationId]);
  return row ? { ...row, scheduledAt: new Date(row.scheduledAt).toISOString() } : null;
}

/** The schools whose planned first school day has come (today or before: a day no server ran is caught up). */
export async function dueSchools(db: Queryable, today: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`SELECT organisation_id AS id FROM school_year_schedules WHERE starts_on <= $1::date`, [
    today,
  ]);
  return rows.map((r) => r.id);
}

export async function saveSchedule(db: Queryable, organisationId: number, input: PlanInput, at: Date, by: number): Promise<void> {
  await db.query(
    `INSERT INTO school_year_schedules (organisation_id, name, starts_on, input, scheduled_at, scheduled_by) VALUES ($1, $2, $3, $4, $5, $6)`,
    [organisationId, input.name.trim(), input.startsOn, JSON.stringify(input), at, by],
  );
}

/** Deletes the school's planned change of that year; false when there was none (applied or cancelled meanwhile). */
export async function deleteSchedule(db: Queryable, organisationId: number, name: string): Promise<boolean> {
  const gone = await db.query(`DELETE FROM school_year_schedules WHERE organisation_id = $1 AND name = $2 RETURNING 1`, [
    organisationId,
    name,
  ]);
  return gone.length > 0;
}

/** Why the job could not apply it; shown on the page, and the job tries again on its next run. */
export async function noteScheduleError(db: Queryable, organisationId: number, message: string): Promise<void> {
  await db.query(`UPDATE school_year_schedules SET last_error = $2 WHERE organisation_id = $1`, [organisationId, message]);
}
