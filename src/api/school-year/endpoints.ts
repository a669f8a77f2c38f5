import { onlineOnly, onlineRead, read } from '../endpoint';
import { arrayOf, fields, intId } from '../schemas';
import { classroomSchema } from '../classrooms/types';
import { archivedYearSchema, yearAppliedSchema, yearPlanSchema, yearStatusSchema } from './types';

const name = { type: 'string', maxLength: 100 } as const;
const level = { type: 'string', maxLength: 60 } as const;

/**
 * The plan the wizard sends: the year, its start and only what the administrator changed (a class
 * renamed, merged by giving two one name, a level changed or 'stopt'; a student's exception). The
 * rest is the server's proposal, so the preview and the apply read the same input the same way.
 */
const planBody = fields(
  {
    name: { type: 'string', maxLength: 20 },
    startsOn: { type: 'string', maxLength: 10 },
    classes: {
      type: 'array',
      maxItems: 500,
      items: fields({ id: intId, action: { type: 'string', enum: ['door', 'stopt'] }, nextName: name, nextLevel: level }, ['id']),
    },
    students: {
      type: 'array',
      maxItems: 5000,
      items: fields(
        {
          id: intId,
          action: { type: 'string', enum: ['door', 'zitten', 'weg'] },
          nextLevel: level,
          nextClass: { anyOf: [name, { type: 'null' }] },
        },
        ['id'],
      ),
    },
  },
  ['name', 'startsOn'],
);

const plannedYear = fields({ name: { type: 'string', maxLength: 20 } }, ['name']);

/**
 * The year change (issue 31), for an ADMIN of a school with licences. Online-only: it changes the
 * whole school at once, and a plan made offline would be stale by the time it arrived.
 */
export const schoolYear = {
  /** What the wizard starts from: the proposal, the last year set, and a planned change with its counts. */
  status: onlineRead(yearStatusSchema)('organisations/schoolYear/status', { activeSchool: true }),
  /** The dry run: the plan with the proposals and counts, computed by the code that applies it. */
  preview: onlineRead(yearPlanSchema)('organisations/schoolYear/preview', { bodySchema: planBody, activeSchool: true }),
  /** Applies the plan now, whatever its start date (the wizard says so when that date is still to come). */
  apply: onlineOnly(yearAppliedSchema)('organisations/schoolYear/apply', { bodySchema: planBody, activeSchool: true }),
  /** Keeps the plan to be applied on its first school day by the school-year job (server/jobs/school-year.ts). */
  schedule: onlineOnly(yearStatusSchema)('organisations/schoolYear/schedule', { bodySchema: planBody, activeSchool: true }),
  /** 'Annuleren': the planned change goes; nothing else changes. Names the year, so a stale page cannot cancel another. */
  cancel: onlineOnly(yearStatusSchema)('organisations/schoolYear/cancel', { bodySchema: plannedYear, activeSchool: true }),
  /** 'Nu invoeren' of a planned change: applied today instead of on its day. */
  applyScheduled: onlineOnly(yearAppliedSchema)('organisations/schoolYear/applyScheduled', { bodySchema: plannedYear, activeSchool: true }),
  /** The school years whose classes are archived, for the year selector of the class list. */
  archivedYears: read(arrayOf(archivedYearSchema))('organisations/schoolYear/archived'),
  /** The classes archived under one school year, named by the year it starts in (2026 for 2026-2027): read-only history. */
  archivedClasses: read(arrayOf(classroomSchema))('organisations/schoolYear/classes', {
    query: fields({ year: { type: 'integer', minimum: 2000, maximum: 2100 } }, ['year']),
  }),
} as const;
