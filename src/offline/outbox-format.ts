/**
 * Endpoint ids are stored, so renaming them (issue #19: the catalogue grouped by area) must not strand
 * what a tablet already holds: the outbox rows (a teacher's changes queued offline). The read cache needs
 * nothing: it is keyed by URL (readCacheKey), and no path changed. The state of 'Offline beschikbaar
 * maken' of that version (a task list by id) is not resumed any more: the next run reads the copy anew.
 *
 * Format 1 used the old ids; format 2 the ids of src/api/<area>/endpoints.ts. The database upgrade
 * (src/offline/db.ts) rewrites every stored row once; `currentEndpointId` also maps a row written after
 * the upgrade by a page of the old version still open in another tab.
 *
 * rename-ids: keep (the id-renaming script of issue #19 must not rewrite the old ids below).
 */
import type { Transaction } from 'dexie';
import type { OutboxEntry } from './db';

/** Outbox format 1 -> 2: the ids that changed; every other id stayed as it was. */
const RENAMED_IN_FORMAT_2: ReadonlyMap<string, string> = new Map([
  ['session.licenses', 'licences.list'],
  ['session.extendInfo', 'licences.extendInfo'],
  ['session.saveExtendInfo', 'licences.saveExtendInfo'],
  ['session.setCurrentClassroom', 'dashboard.setCurrentClassroom'],
  ['session.changeStudyLevel', 'dashboard.changeStudyLevel'],
  ['classrooms.activities', 'dashboard.activities'],
  ['classrooms.activitiesEarlier', 'dashboard.activitiesEarlier'],
  ['classrooms.activitiesRead', 'dashboard.activitiesRead'],
  ['classrooms.approveCheck', 'dashboard.approveCheck'],
  ['classrooms.rejectCheck', 'dashboard.rejectCheck'],
  ['classrooms.teachers', 'teachers.list'],
  ['classrooms.deleteStudent', 'students.delete'],
  ['classrooms.portfolioCount', 'students.portfolioCount'],
  ['material.activateTeacher', 'teachers.activate'],
  ['material.deactivateTeacher', 'teachers.deactivate'],
  ['material.inviteTeacher', 'teachers.invite'],
  ['material.documents', 'documents.list'],
  ['material.addDocument', 'documents.add'],
  ['material.addDocumentFile', 'documents.addFile'],
  ['material.documentDetails', 'documents.details'],
  ['material.saveDocument', 'documents.save'],
  ['material.deleteDocument', 'documents.delete'],
  ['material.deleteDocumentFile', 'documents.deleteFile'],
  ['material.chapterLevels', 'printing.chapterLevels'],
  ['material.requestDownload', 'printing.requestDownload'],
  ['material.exams', 'exams.list'],
  ['material.requestExam', 'exams.request'],
  ['portfolios.user', 'students.portfolio'],
  ['portfolios.userDetails', 'students.details'],
  ['portfolios.saveUser', 'students.save'],
  ['portfolios.quizResults', 'students.quizResults'],
]);

export const currentEndpointId = (id: string): string => RENAMED_IN_FORMAT_2.get(id) ?? id;

function upgradeOutboxEntry(entry: OutboxEntry, format: number): void {
  if (entry.format >= format) return;
  entry.endpointId = currentEndpointId(entry.endpointId);
  entry.format = format;
}

/** The Dexie upgrade to the ids of format 2: every outbox row, in one transaction. */
export async function upgradeStoredIds(tx: Transaction, format: number): Promise<void> {
  await tx
    .table<OutboxEntry, number>('outbox')
    .toCollection()
    .modify((entry) => upgradeOutboxEntry(entry, format));
}
