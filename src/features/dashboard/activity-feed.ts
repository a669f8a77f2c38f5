/**
 * The dashboard's activity feed as pure functions (part 1 §2, §4): the Dutch text of an activity,
 * the check-request status labels, merging a fresh poll into what is shown, and deciding which rows
 * should chime or notify. No React here, so the tests can pin the rules down.
 */
import type { Activity, CheckStatus } from '../../api/dashboard/types';

export const STATUS_LABELS: Record<CheckStatus, string> = {
  OPEN: 'Goedkeuren?',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgekeurd',
  CANCELED: 'Ingetrokken',
  EXPIRED: 'Verlopen',
  APPROVED_EXPIRED: 'Goedgekeurd en verlopen',
};

// 24 h: spec part 1 §9 (server/areas/dashboard/check-status.ts CHECK_REQUEST_TTL_MS).
const EXPIRY_HINT = 'Een controleaanvraag vervalt na 24 uur.';
const CANCELED_HINT = 'De leerling heeft deze aanvraag ingetrokken.';

export function statusHint(status: CheckStatus): string {
  return status === 'CANCELED' ? CANCELED_HINT : EXPIRY_HINT;
}

/** What follows the student's name: 'heeft een toets gemaakt: Hoofdstuk 1 (7/10)'. */
export function activityText(a: Activity): string {
  switch (a.typeText) {
    case 'LOGIN':
      return 'is ingelogd';
    case 'REGISTER':
      return 'heeft zich aangemeld';
    case 'QUIZ':
      if (a.userQuizResult?.type === 'personality') {
        // A personality test has answers, not right ones (part 1 §3: type 'personality'): no score.
        return `heeft een persoonlijkheidstest ingevuld: ${a.userQuizResult.title.replace(/^Persoonlijkheidstest:\s*/i, '')}`;
      }
      return a.userQuizResult
        ? `heeft een toets gemaakt: ${a.userQuizResult.title} (${a.userQuizResult.scoreText})`
        : 'heeft een toets gemaakt';
    case 'PORTFOLIO_ITEM':
      return `heeft portfoliowerk ingeleverd: ${a.portfolioItem?.lessonTitle ?? a.lessonName ?? ''}`.trim();
    case 'CHECK_REQUEST':
      return `vraagt om een controle van ${a.lessonName ?? 'een les'}`;
    default:
      return '';
  }
}

const sameRow = (a: Activity, b: Activity) => a.id === b.id || (a.targetId !== null && a.targetId === b.targetId);

/**
 * Merges a page from the server into the rows on screen, newest first. An activity about the same
 * target (check request) with a changed status replaces the old row and keeps the old row's read
 * flag (part 1 §4), so a decision never makes a request look new again; otherwise the server's
 * row wins, including its read flag.
 */
export function mergeActivities(current: readonly Activity[], incoming: readonly Activity[]): Activity[] {
  const out = [...current];
  for (const row of incoming) {
    const at = out.findIndex((old) => sameRow(old, row));
    if (at < 0) {
      out.push(row);
      continue;
    }
    const old = out[at]!;
    out[at] = old.targetStatus !== row.targetStatus ? { ...row, read: old.read } : row;
    // Another activity id for the same target: the old one must not stay as a duplicate.
    for (let i = out.length - 1; i > at; i--) if (sameRow(out[i]!, row)) out.splice(i, 1);
  }
  return out.sort((a, b) => b.id - a.id);
}

/** The key under which an alert is remembered: one chime per check request, not per status change. */
export const alertKey = (a: Activity): string => (a.targetId !== null ? `t${a.targetId}` : `a${a.id}`);

export interface AlertContext {
  visible: boolean;
  permission: NotificationPermission | 'unsupported';
}

export interface AlertDecision {
  /** Unread rows not handled before: they are handled now. */
  fresh: Activity[];
  /** An unread, open check request arrived: play the chime. */
  sound: boolean;
  /** Check requests to show as system notifications (page hidden, permission granted). */
  notify: Activity[];
  /** Unread rows arrived: call activities/read once for this batch. */
  markRead: boolean;
}

export function decideAlerts(rows: readonly Activity[], handled: ReadonlySet<string>, ctx: AlertContext): AlertDecision {
  const fresh = rows.filter((a) => a.read === 0 && !handled.has(alertKey(a)));
  // A request that is already decided, withdrawn or expired needs no teacher: no chime for it.
  const requests = fresh.filter((a) => a.typeText === 'CHECK_REQUEST' && (a.targetStatus === 'OPEN' || a.targetStatus === null));
  const notify = !ctx.visible && ctx.permission === 'granted' ? requests : [];
  return { fresh, sound: requests.length > 0, notify, markRead: fresh.length > 0 };
}

const NOTIFICATION_TITLE = 'Nieuwe controleaanvraag';

export function notificationFor(a: Activity): { title: string; options: { body: string; tag: string; data: { url: string } } } {
  return {
    title: NOTIFICATION_TITLE,
    options: {
      body: `${a.userName} vraagt om een controle van ${a.lessonName ?? 'een les'}`,
      tag: `check-request-${a.targetId ?? a.id}`,
      data: { url: '/index' },
    },
  };
}

/** Part 1 §9: more may follow while the last page came back full. */
export function mayHaveMore(lastPageLength: number | undefined, max: number): boolean {
  return lastPageLength !== undefined && lastPageLength >= max;
}
