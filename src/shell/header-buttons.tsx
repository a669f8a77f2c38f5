/**
 * The header's buttons on their own, without the Menu or Popover they open: the header shows these,
 * and header-tools.tsx loads the menu behind one on its first tap (src/ui/on-first-tap.tsx). The full
 * versions take the same buttons as their targets, so both look and are named the same.
 */
import { Button, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { Avatar, Badge } from '../ui/plain';
import classes from './shell.module.css';

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

export function AvatarButton({ avatarSrc, email, ...rest }: ButtonProps & { avatarSrc: string; email: string }) {
  return (
    <UnstyledButton className={classes.avatarButton} aria-label={`Accountmenu van ${email}`} {...rest}>
      <Avatar src={avatarSrc} />
    </UnstyledButton>
  );
}

export function OrganisationButton({ currentName, ...rest }: ButtonProps & { currentName: string }) {
  return (
    <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden="true" />} className={classes.orgButton} {...rest}>
      <span className={classes.ellipsis}>{currentName || 'Kies een school'}</span>
    </Button>
  );
}

export interface SyncFigures {
  online: boolean;
  /** The session was refused: every call would get 401, so never 'Online'. */
  expired?: boolean;
  waiting: number;
  failed: number;
  /** The offline copy's progress while it is being made, else null. */
  preparing: number | null;
}

export function SyncButton({ online: network, expired, waiting, failed, preparing, ...rest }: ButtonProps & SyncFigures) {
  const online = network && !expired;
  return (
    <Button
      variant="default"
      leftSection={
        online ? (
          <IconCloudCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
        ) : (
          <IconCloudOff size={20} color="var(--mantine-color-gray-8)" aria-hidden="true" />
        )
      }
      rightSection={failed ? <Badge aria-label={`${failed} niet verzonden`}>{failed}</Badge> : undefined}
      data-testid="sync-status"
      className={classes.syncButton}
      // On a phone the label is read, not shown; the count stays in view beside the icon (shell.module.css).
      data-count={waiting > 0 || undefined}
      style={waiting > 0 ? { counterReset: `waiting ${waiting}` } : undefined}
      {...rest}
    >
      <span className={classes.syncLabel}>
        {online
          ? waiting
            ? `${waiting} wachten`
            : preparing !== null
              ? `Klaarzetten ${preparing}%`
              : 'Online'
          : expired
            ? 'Sessie verlopen'
            : 'Offline'}
      </span>
    </Button>
  );
}
