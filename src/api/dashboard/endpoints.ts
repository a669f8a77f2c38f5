import { endpoint } from '../endpoint';
import { idParams, intId } from '../schemas';
import type { Message } from '../shared-types';
import type { Activity } from './types';

/** The dashboard: the activity feed, check requests, and the current class and study level (part 1 §7). */
export const dashboard = {
  setCurrentClassroom: endpoint<Message>()({
    method: 'GET',
    path: 'users/setCurrentClassroomId/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  changeStudyLevel: endpoint<Message>()({
    method: 'GET',
    path: 'users/changeStudyLevel/{level}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: {
      type: 'object',
      properties: { level: { type: 'string', minLength: 1, maxLength: 60 } },
      required: ['level'],
      additionalProperties: false,
    },
  }),
  activities: endpoint<Activity[]>()({ method: 'GET', path: 'activities/classroom', kind: 'read', offline: 'cache', access: 'portal' }),
  activitiesEarlier: endpoint<Activity[]>()({
    method: 'GET',
    path: 'activities/classroom/{offset}',
    kind: 'read',
    offline: 'cache',
    access: 'portal',
    params: { type: 'object', properties: { offset: intId }, required: ['offset'], additionalProperties: false },
  }),
  activitiesRead: endpoint<Message>()({
    method: 'GET',
    path: 'activities/read',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    // Not in the spec: the newest activity the teacher has seen, so one that arrives while the call
    // is on its way is not marked read unseen (it must still chime).
    query: { type: 'object', properties: { upTo: intId } },
  }),
  approveCheck: endpoint<Message>()({
    method: 'GET',
    path: 'checkRequests/approve/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  rejectCheck: endpoint<Message>()({
    method: 'GET',
    path: 'checkRequests/reject/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
} as const;
