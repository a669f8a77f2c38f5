/** The comments under an idea and the box for a new one (part 2 §2, §5 "Wishlist comment"). */
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { WishlistComment } from '../../api/wishlist/types';
import { formatDateTime } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import type { CommentResult } from './use-wishlist';

const DELETE_COMMENT_QUESTION = 'Weet je zeker dat je deze reactie wilt verwijderen?';

interface Props {
  itemTitle: string;
  comments: readonly WishlistComment[];
  /** Not for an idea that is still waiting to be sent: the server does not know its id yet. */
  canComment: boolean;
  onAdd: (text: string) => Promise<CommentResult>;
  onDelete: (commentId: number) => Promise<void>;
}

export function WishlistComments({ itemTitle, comments, canComment, onAdd, onDelete }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await onAdd(text);
      if (result.ok) {
        setText('');
        setError(null);
      } else setError(result.error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (comment: WishlistComment) => {
    if (await confirmAction({ message: DELETE_COMMENT_QUESTION })) await onDelete(comment.id);
  };

  return (
    <Stack gap="sm">
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nog geen reacties.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Reacties op ${itemTitle}`}>
          {comments.map((comment) => (
            <Paper component="li" key={comment.id} withBorder p="sm" radius="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="sm" fw={700}>
                    {comment.user.name}{' '}
                    <Text span size="sm" c="dimmed" fw={400}>
                      {comment.id < 0 ? 'wordt verzonden' : formatDateTime(comment.dateTimeCreated)}
                    </Text>
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.comment}</Text>
                </div>
                {comment.canEdit && comment.id > 0 && (
                  <ActionIcon size={44} variant="subtle" color="red" aria-label="Reactie verwijderen" onClick={() => void remove(comment)}>
                    <IconTrash size={20} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {canComment && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Jouw reactie"
              size="md"
              resize="vertical"
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
            />
            <Group>
              <Button type="submit" size="md" loading={busy}>
                Reageer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
