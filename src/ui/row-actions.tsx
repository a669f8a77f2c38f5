/** A table row's edit and delete buttons (44 px targets, named for the row they act on). */
import type { ReactNode } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'wouter';

export interface RowActionsProps {
  editHref: string;
  editLabel: string;
  /** The delete button's name; omit with `children` to put another button in its place. */
  deleteLabel?: string;
  onDelete?(): void;
  children?: ReactNode;
}

export function RowActions({ editHref, editLabel, deleteLabel, onDelete, children }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon component={Link} href={editHref} variant="subtle" aria-label={editLabel}>
        <IconPencil size={20} aria-hidden="true" />
      </ActionIcon>
      {deleteLabel && (
        <ActionIcon variant="subtle" color="red.9" aria-label={deleteLabel} onClick={onDelete}>
          <IconTrash size={20} aria-hidden="true" />
        </ActionIcon>
      )}
      {children}
    </Group>
  );
}
