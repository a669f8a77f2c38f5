import { queued, read } from '../endpoint';
import { fields, idParams, intId, pathParams } from '../schemas';
import { messageAnswer } from '../shared-types';
import { feedPageSchema } from './types';

/** The dashboard: the activity feed, check requests, and the current class and study level (part 1 §7). */
export const dashboard = {
  setCurrentClassroom: queued(messageAnswer)('users/setCurrentClassroomId/{id}', { params: idParams }),
  changeStudyLevel: queued(messageAnswer)('users/changeStudyLevel/{level}', {
    params: pathParams({ level: { type: 'string', minLength: 1, maxLength: 60 } }),
  }),
  activities: read(feedPageSchema)('activities/classroom'),
  activitiesEarlier: read(feedPageSchema)('activities/classroom/{offset}', { params: pathParams({ offset: intId }) }),
  activitiesRead: queued(messageAnswer)('activities/read', {
    // Not in the spec: the newest activity the teacher has seen, so one that arrives while the call
    // is on its way is not marked read unseen (it must still chime).
    query: fields({ upTo: intId }),
  }),
  approveCheck: queued(messageAnswer)('checkRequests/approve/{id}', { params: idParams }),
  rejectCheck: queued(messageAnswer)('checkRequests/reject/{id}', { params: idParams }),
} as const;
