/**
 * The idea form's data and saving (part 2 §2 "Wishlist form", §5). Saving is queueable: a refusal
 * that comes back at once is shown in the form; offline, the idea waits in the outbox and the teacher
 * goes back to the list, where it shows through the 'wishlist.save' patch.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { WishlistItem } from '../../api/wishlist/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import type { WriteOutcome } from '../../data/writes';
import { useEditConflict } from '../../widgets/edit-conflict/use-edit-conflict';
import { leaveNotice, QUEUED_IDEA_MESSAGE } from './offline-notice';
import { wishlistPatches } from './optimistic-patches';

const REQUIRED_MESSAGE = 'Alle velden zijn verplicht om in te vullen.';
// The server's own wording (server/areas/wishlist/handlers.ts), so the offline check reads the same.
const FIELD_MESSAGES = { title: 'Geef je idee een titel.', description: 'Beschrijf je idee.' } as const;

export interface IdeaFields {
  title: string;
  description: string;
  active: boolean;
}

const EMPTY: IdeaFields = { title: '', description: '', active: true };

export type FormStatus = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; message: string; errors: Record<string, string> };

export function useWishlistForm(routeId: number, onQueued: () => void, onCreated: (id: number) => void) {
  const { user } = useSnapshot(session);
  const [id, setId] = useState(routeId);
  // details/0 for a new idea too, as part 2 §7 lists it: the server's empty idea. The form does not wait
  // for it (offline it may never come), it only fills what the teacher has not typed yet.
  const details = useRead(api.wishlist.details, { params: { id } }, { patches: wishlistPatches });
  const { send, busy } = useWrite(api.wishlist.save);
  const [fields, setFields] = useState<IdeaFields>(EMPTY);
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const [saved, setSaved] = useState<WishlistItem | null>(null);
  const [filledFor, setFilledFor] = useState<number | null>(null);
  // The idea as the teacher saw it when the form was filled (then as she last saved it), sent as
  // `base` (issue 36): the server merges her changes with a colleague's and refuses a clash.
  const [base, setBase] = useState<{ title: string; description: string; active: number } | null>(null);
  const conflict = useEditConflict(api.wishlist.save, id);

  // Another idea's address (not the one this form just saved to): start over.
  const [routeSeen, setRouteSeen] = useState(routeId);
  if (routeSeen !== routeId) {
    setRouteSeen(routeId);
    if (routeId !== id) {
      setId(routeId);
      setFilledFor(null);
      setFields(EMPTY);
      setBase(null);
      setStatus({ kind: 'idle' });
    }
  }

  // Fill the fields once per idea, so a refresh of the read never overwrites what the teacher typed.
  const item = details.data;
  if (item && item.id === id && filledFor !== id) {
    setFilledFor(id);
    const loaded = { title: item.title, description: item.description, active: item.active === 1 };
    setBase(id === 0 ? null : { title: item.title, description: item.description, active: item.active });
    // A new idea's empty answer may come after the teacher started typing: it must not wipe that.
    setFields((typed) => (id === 0 && (typed.title || typed.description) ? typed : loaded));
  }

  const isAdmin = user?.role === 'ADMIN';
  const current = saved?.id === id ? saved : details.data;

  const update = (patch: Partial<IdeaFields>) => setFields((f) => ({ ...f, ...patch }));

  const submit = async () => {
    const errors: Record<string, string> = {};
    if (!fields.title.trim()) errors.title = FIELD_MESSAGES.title;
    if (!fields.description.trim()) errors.description = FIELD_MESSAGES.description;
    if (Object.keys(errors).length) {
      setStatus({ kind: 'error', message: REQUIRED_MESSAGE, errors });
      return;
    }
    const body = {
      id,
      title: fields.title,
      description: fields.description,
      ...(isAdmin ? { active: fields.active ? 1 : 0 } : {}),
      ...(id > 0 && base ? { base } : {}),
    };
    const label = id === 0 ? `Nieuw idee '${fields.title}'` : `Idee '${fields.title}' wijzigen`;
    try {
      done(await send({ body }, label, { refusalToCaller: true }));
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      if (conflict.caught(err, { body }, label)) return;
      setStatus({ kind: 'error', message: err.status === 400 ? REQUIRED_MESSAGE : err.message, errors: err.errors });
    }
  };

  const done = (outcome: WriteOutcome<WishlistItem>) => {
    if (outcome.queued) {
      leaveNotice(QUEUED_IDEA_MESSAGE);
      onQueued();
      return;
    }
    const item = outcome.answer;
    setBase({ title: item.title, description: item.description, active: item.active });
    setFilledFor(item.id);
    setSaved(item);
    setId(item.id);
    setStatus({ kind: 'saved' });
    if (id === 0) onCreated(item.id);
  };

  const keepMine = async () => {
    const outcome = (await conflict.keepMine()) as WriteOutcome<WishlistItem> | null;
    if (outcome) done(outcome);
  };
  const keepTheirs = async () => {
    const current = (await conflict.keepTheirs()) as WishlistItem | null;
    if (current?.id !== id) return;
    setFields({ title: current.title, description: current.description, active: current.active === 1 });
    setBase({ title: current.title, description: current.description, active: current.active });
    setStatus({ kind: 'idle' });
  };

  return {
    id,
    fields,
    update,
    submit,
    busy,
    status,
    conflict: conflict.conflict,
    keepMine,
    keepTheirs,
    isAdmin,
    title: current?.title ?? null,
    /** False for a colleague's idea: only its author may change it (decisions.md), so it is shown read-only. */
    canEdit: id === 0 || (current?.canEdit ?? true),
    loading: id > 0 && filledFor !== id && !details.error,
    loadError: id > 0 ? details.error : null,
  };
}
