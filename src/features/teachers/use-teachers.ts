/**
 * The colleagues of /teachers (part 2 §2 "Teachers", §7, §8): the list, setting a colleague active or
 * inactive (queueable: offline it waits in the outbox and shows through its patch) and inviting a
 * colleague (online-only). Every answer's message is shown: green for success, red for a refusal.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Teacher } from '../../api/teachers/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { teacherPatches } from './optimistic-patches';

const EMAIL_REQUIRED = 'Vul een e-mailadres in.';
const QUEUED_STATUS = 'Je bent offline: de wijziging wordt verzonden zodra er weer verbinding is.';

export type Feedback = { kind: 'success' | 'error' | 'info'; message: string } | null;
/** A status change's answer, shown in the row of the colleague it was about: where the teacher tapped. */
export type RowFeedback = (NonNullable<Feedback> & { teacherId: number }) | null;

export function useTeachers() {
  const { user } = useSnapshot(session);
  const teachers = useRead(api.teachers.list, {}, { patches: teacherPatches });
  const organisation = useRead(api.session.organisationInfo);
  const activate = useWrite(api.teachers.activate);
  const deactivate = useWrite(api.teachers.deactivate);
  const invite = useWrite(api.teachers.invite);
  const [feedback, setFeedback] = useState<RowFeedback>(null);
  const [inviteFeedback, setInviteFeedback] = useState<Feedback>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);

  const setStatus = async (teacher: Teacher, active: boolean) => {
    setFeedback(null);
    const write = active ? activate : deactivate;
    const label = `${teacher.name || teacher.email} op ${active ? 'actief' : 'inactief'} zetten`;
    try {
      const outcome = await write.send({ params: { id: teacher.id } }, label, { refusalToCaller: true });
      if (outcome.queued) {
        setFeedback({ kind: 'info', message: QUEUED_STATUS, teacherId: teacher.id });
        return;
      }
      setFeedback({ kind: 'success', message: outcome.answer.message, teacherId: teacher.id });
    } catch (err) {
      setFeedback({ kind: 'error', message: err instanceof ApiCallError ? err.message : String(err), teacherId: teacher.id });
    }
    await teachers.reload();
  };

  /**
   * `sent` runs when the server has accepted the invitation, in the same render as its message and
   * before the list reloads: the form empties its field then, so an address typed during the reload
   * (slow Wi-Fi) is kept instead of wiped.
   */
  const sendInvite = async (email: string, sent: () => void): Promise<void> => {
    setInviteFeedback(null);
    setInviteError(null);
    if (!email.trim()) {
      setInviteError(EMAIL_REQUIRED);
      return;
    }
    try {
      const outcome = await invite.send({ body: { email: email.trim() } }, `Uitnodiging voor ${email.trim()}`);
      if (outcome.queued) return;
      setInviteFeedback({ kind: 'success', message: outcome.answer.message });
      sent();
      await teachers.reload();
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      setInviteFeedback({ kind: 'error', message: err.message });
      if (err.errors.email) setInviteError(err.errors.email);
    }
  };

  return {
    userId: user?.id,
    teachers,
    organisation: organisation.data,
    feedback,
    setStatus,
    statusBusy: activate.busy || deactivate.busy,
    invite: { send: sendInvite, busy: invite.busy, feedback: inviteFeedback, error: inviteError, clearError: () => setInviteError(null) },
  };
}
