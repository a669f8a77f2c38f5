/**
 * The status cell of a check request (part 1 §4): OPEN offers 'Goedkeuren?' with a menu, the others
 * are labels. The 24-hour explanation opens on a tap (Popover), not on hover, because tablets have no
 * hover.
 */
import { ActionIcon, Button, Group, Menu, Popover, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { Activity, CheckStatus } from '../../api/types';
import { STATUS_LABELS, statusHint } from './activity-feed';
import type { Decision } from './use-activity-feed';

// Darker than Mantine's shade 9 where that misses 4.5:1 on white or on a striped row.
const STATUS_COLORS: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  APPROVED: '#1d6b2f',
  REJECTED: '#a61e1e',
  CANCELED: '#343a40',
  EXPIRED: '#8f3606',
  APPROVED_EXPIRED: '#155e52',
};

function Hint({ status, who }: { status: CheckStatus; who: string }) {
  return (
    <Popover width={240} position="top" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray.8" size={44} aria-label={`Uitleg bij de aanvraag van ${who}`}>
          <IconInfoCircle size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{statusHint(status)}</Text>
      </Popover.Dropdown>
    </Popover>
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
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant="outline"
            size="md"
            loading={busy}
            rightSection={<IconChevronDown size={16} aria-hidden="true" />}
            aria-label={`Goedkeuren? ${who}, ${activity.lessonName ?? ''}`.trim()}
          >
            {STATUS_LABELS.OPEN}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCheck size={18} color="var(--mantine-color-green-9)" aria-hidden="true" />} onClick={() => onDecide('approve')}>
            Goedkeuren
          </Menu.Item>
          <Menu.Item leftSection={<IconX size={18} color="var(--mantine-color-red-9)" aria-hidden="true" />} onClick={() => onDecide('reject')}>
            Afkeuren
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Hint status={status} who={who} />
    </Group>
  );
}
