/** One idea on the wishlist (part 2 §2): votes, comments, author and, for its author, edit and delete. */
import { useId, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMessageCircle, IconPencil, IconThumbDown, IconThumbUp, IconTrash } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { WishlistItem } from '../../api/wishlist/types';
import { formatDateTime } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import type { Vote } from './optimistic-patches';
import type { CommentResult } from './use-wishlist';
import { WishlistComments } from './wishlist-comments';

const DELETE_IDEA_QUESTION = 'Weet je zeker dat je dit idee wilt verwijderen?';

export interface WishlistCardProps {
  item: WishlistItem;
  index?: number;
  myVote: Vote | null;
  isNew: boolean;
  /** Done ideas (active ≠ 1) are shown disabled: no voting. */
  done: boolean;
  onVote: (vote: Vote) => void;
  onAddComment: (text: string) => Promise<CommentResult>;
  onDeleteComment: (commentId: number) => Promise<void>;
  onDelete: () => Promise<void>;
}

const stemmen = (n: number) => (n === 1 ? '1 stem' : `${n} stemmen`);

export function WishlistCard({ item, index, myVote, isNew, done, onVote, onAddComment, onDeleteComment, onDelete }: WishlistCardProps) {
  const [open, setOpen] = useState(false);
  const commentsId = useId();
  const headingId = useId();
  // An idea still waiting to be sent has a temporary id the server does not know.
  const waiting = item.id < 0;
  const votingOff = done || waiting;

  const remove = async () => {
    if (await confirmAction({ message: DELETE_IDEA_QUESTION })) await onDelete();
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      bg={done ? 'gray.0' : undefined}
      data-testid="wishlist-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="baseline">
            {index !== undefined && (
              <Text fw={700} c="dimmed" aria-hidden="true">
                {index}.
              </Text>
            )}
            <Title order={3} size="h4" id={headingId}>
              {item.title}
            </Title>
            {isNew && (
              <Badge color="blue.9" variant="filled">
                Nieuw
              </Badge>
            )}
            {done && (
              <Badge color="gray" variant="light">
                Uitgevoerd
              </Badge>
            )}
            {waiting && (
              <Badge color="blue" variant="light">
                Wordt verzonden
              </Badge>
            )}
          </Group>
          {item.canEdit && !waiting && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                component={Link}
                href={`/wishlist/form/${item.id}`}
                size={44}
                variant="subtle"
                aria-label={`Idee ${item.title} wijzigen`}
              >
                <IconPencil size={20} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                size={44}
                variant="subtle"
                color="red"
                aria-label={`Idee ${item.title} verwijderen`}
                onClick={() => void remove()}
              >
                <IconTrash size={20} aria-hidden="true" />
              </ActionIcon>
            </Group>
          )}
        </Group>

        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.description}</Text>

        <Group gap="sm" wrap="wrap">
          <VoteButton vote="up" count={item.upVoteCount} pressed={myVote === 'up'} disabled={votingOff} onVote={onVote} />
          <VoteButton vote="down" count={item.downVoteCount} pressed={myVote === 'down'} disabled={votingOff} onVote={onVote} />
          {myVote && (
            <Text size="sm" c="dimmed">
              Jij stemde {myVote === 'up' ? 'voor' : 'tegen'}.
            </Text>
          )}
        </Group>

        <Text size="sm" c="dimmed">
          Toegevoegd op {waiting ? 'dit apparaat' : formatDateTime(item.dateTimeCreated)}
          {item.user.email && <> door {item.user.email}</>}
        </Text>

        <Group>
          <Button
            variant="light"
            size="md"
            leftSection={<IconMessageCircle size={20} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={commentsId}
            onClick={() => setOpen((o) => !o)}
          >
            Reageer ({item.commentCount})
          </Button>
        </Group>
        <div id={commentsId} hidden={!open}>
          {open && (
            <WishlistComments
              itemTitle={item.title}
              comments={item.comments}
              canComment={!waiting}
              onAdd={onAddComment}
              onDelete={onDeleteComment}
            />
          )}
        </div>
      </Stack>
    </Card>
  );
}

function VoteButton({
  vote,
  count,
  pressed,
  disabled,
  onVote,
}: {
  vote: Vote;
  count: number;
  pressed: boolean;
  disabled: boolean;
  onVote: (vote: Vote) => void;
}) {
  const up = vote === 'up';
  const Icon = pressed ? IconCheck : up ? IconThumbUp : IconThumbDown;
  return (
    <Button
      size="md"
      variant={pressed ? 'filled' : 'default'}
      // Dark shades: white text on them keeps a 4.5:1 contrast.
      color={up ? 'teal.9' : 'red.9'}
      leftSection={<Icon size={20} aria-hidden="true" />}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onVote(vote)}
    >
      {/*
        The accessible name starts with the visible text (WCAG 2.5.3): 'Stem voor, 3 stemmen'. One span:
        the button's label is a flex box, which drops a bare space between its items ('Stem voor(3)').
      */}
      <span>
        {up ? 'Stem voor' : 'Stem tegen'}
        <VisuallyHidden component="span">, {stemmen(count)}</VisuallyHidden>
        <span aria-hidden="true"> ({count})</span>
      </span>
    </Button>
  );
}
