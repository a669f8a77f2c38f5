/**
 * The two buttons of a check request's status cell, shared by the plain first render and the Menu /
 * Popover version loaded on the first tap, so both look and are named the same.
 */
import { Button } from '@mantine/core';
import { IconChevronDown, IconInfoCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { ActionIcon } from '../../ui/plain';
import { STATUS_LABELS } from './activity-feed';

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

export function DecisionButton({ who, lesson, busy, ...rest }: ButtonProps & { who: string; lesson: string | null; busy?: boolean }) {
  return (
    <Button
      variant="outline"
      size="md"
      loading={busy}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={`Goedkeuren? ${who}, ${lesson ?? ''}`.trim()}
      {...rest}
    >
      {STATUS_LABELS.OPEN}
    </Button>
  );
}

export function HintButton({ who, ...rest }: ButtonProps & { who: string }) {
  return (
    <ActionIcon color="gray.8" aria-haspopup="dialog" aria-expanded={false} aria-label={`Uitleg bij de aanvraag van ${who}`} {...rest}>
      <IconInfoCircle size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
