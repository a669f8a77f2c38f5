/**
 * The status cell of a check request (part 1 §4): OPEN offers 'Goedkeuren?' with a menu, the others
 * are labels. The 24-hour explanation opens on a tap (Popover), not on hover, because tablets have no
 * hover.
 *
 * A row renders plain buttons; the Menu or Popover behind one loads and mounts on its first tap
 * (check-status-menus.tsx). A feed of 25+ rows each with its own Menu and Popover was most of the
 * dashboard's main-thread time, and their floating-ui a good part of its first load.
 */
import { Group, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import type { Activity, CheckStatus } from '../../api/dashboard/types';
import { STATUS_LABELS } from './activity-feed';
import { DecisionButton, HintButton } from './check-status-buttons';
import type { Decision } from './use-activity-feed';
import { loader, useLoaded } from '../../ui/use-loaded';

const menus = loader(() => import('./check-status-menus'));
type Menus = Awaited<ReturnType<typeof menus.load>>;

// Darker than Mantine's shade 9 where that misses 4.5:1 on white or on a striped row.
const STATUS_COLORS: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  APPROVED: '#1d6b2f',
  REJECTED: '#a61e1e',
  CANCELED: '#343a40',
  EXPIRED: '#8f3606',
  APPROVED_EXPIRED: '#155e52',
};

/**
 * The plain button until its first tap, then the loaded version (the plain one while that loads; not
 * Suspense, which showed the menu 300 ms after it was there: ../../ui/use-loaded.ts).
 */
function OnFirstTap({ plain, loaded }: { plain: (onTap: () => void) => ReactElement; loaded: (m: Menus) => ReactElement }) {
  const [wanted, setWanted] = useState(false);
  const { value: m } = useLoaded(menus, wanted);
  const button = plain(() => setWanted(true));
  return wanted && m ? loaded(m) : button;
}

function Hint({ status, who }: { status: CheckStatus; who: string }) {
  return (
    <OnFirstTap plain={(onTap) => <HintButton who={who} onClick={onTap} />} loaded={(m) => <m.HintPopover status={status} who={who} />} />
  );
}

function Decide({ activity, onDecide, busy }: { activity: Activity; onDecide: (d: Decision) => void; busy?: boolean }) {
  const who = activity.userName;
  const lesson = activity.lessonName;
  return (
    <OnFirstTap
      plain={(onTap) => <DecisionButton who={who} lesson={lesson} busy={busy} onClick={onTap} />}
      loaded={(m) => <m.DecisionMenu who={who} lesson={lesson} busy={busy} onDecide={onDecide} />}
    />
  );
}

export function CheckStatusCell({ activity, onDecide, busy }: { activity: Activity; onDecide: (d: Decision) => void; busy?: boolean }) {
  const status = activity.targetStatus;
  if (activity.typeText !== 'CHECK_REQUEST' || !status) return null;
  const who = activity.userName;
  if (status !== 'OPEN') {
    return (
      <Group gap={4} wrap="nowrap">
        <Text fw={600} c={STATUS_COLORS[status]} data-status={status}>
          {STATUS_LABELS[status]}
        </Text>
        <Hint status={status} who={who} />
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Decide activity={activity} onDecide={onDecide} busy={busy} />
      <Hint status={status} who={who} />
    </Group>
  );
}
