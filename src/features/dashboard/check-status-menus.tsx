/**
 * The check-request menu and the 24-hour hint as Mantine Menu and Popover, loaded on the first tap
 * of a row's button (check-status.tsx), so floating-ui stays out of the dashboard's first load and
 * no row pays for a Menu or Popover it never opens.
 *
 * Each mounts closed and opens in an effect: Mantine notes the element to return focus to only when
 * `opened` changes, so a menu mounted open would leave Escape with nowhere to send the focus.
 */
import '../../ui/mantine-styles-more';
import { Menu, Popover, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { CheckStatus } from '../../api/dashboard/types';
import { statusHint } from './activity-feed';
import { DecisionButton, HintButton } from './check-status-buttons';
import type { Decision } from './use-activity-feed';

/** Opens once mounted, with the focus on the new target (the tapped plain button is gone by now). */
function useOpenOnMount() {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus({ preventScroll: true });
    // Only now: the menu places itself against its target, which exists from the first commit on.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpened(true);
  }, []);
  return { target, opened, setOpened };
}

export interface DecisionMenuProps {
  who: string;
  lesson: string | null;
  busy?: boolean;
  onDecide: (d: Decision) => void;
}

export function DecisionMenu({ who, lesson, busy, onDecide }: DecisionMenuProps) {
  const { target, opened, setOpened } = useOpenOnMount();
  return (
    <Menu position="bottom-end" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <DecisionButton ref={target} who={who} lesson={lesson} busy={busy} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconCheck size={18} color="var(--mantine-color-green-9)" aria-hidden="true" />}
          onClick={() => onDecide('approve')}
        >
          Goedkeuren
        </Menu.Item>
        <Menu.Item
          leftSection={<IconX size={18} color="var(--mantine-color-red-9)" aria-hidden="true" />}
          onClick={() => onDecide('reject')}
        >
          Afkeuren
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function HintPopover({ status, who }: { status: CheckStatus; who: string }) {
  const { target, opened, setOpened } = useOpenOnMount();
  return (
    <Popover width={240} position="top" withArrow opened={opened} onChange={setOpened}>
      <Popover.Target>
        {/* Escape on the button too: the focus stays there, and Popover only listens in its dropdown. */}
        <HintButton ref={target} who={who} onClick={() => setOpened((o) => !o)} onKeyDown={(e) => e.key === 'Escape' && setOpened(false)} />
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{statusHint(status)}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
