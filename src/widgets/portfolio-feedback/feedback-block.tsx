/** One block of a portfolio item in the feedback modal: the work, its feedback and its grade. */
import '../../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTrash } from '@tabler/icons-react';
import type { Block, BlockStatus } from '../../api/portfolios/types';
import { formatDateTime } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import { conflictText, keepTheirsLabel, type GradeConflict } from './conflicts';
import { GRADES, gradeLabel } from './grades';

export interface BlockProps {
  block: Block;
  lessonTitle: string;
  busy: boolean;
  conflict: GradeConflict | undefined;
  onAddComment(key: string, text: string): Promise<boolean>;
  onDelete(feedbackId: number): Promise<void>;
  onGrade(key: string, status: BlockStatus): Promise<void>;
  onKeepMine(conflict: GradeConflict): Promise<void>;
  onKeepTheirs(conflict: GradeConflict): Promise<void>;
}

export function FeedbackBlock(props: BlockProps) {
  const { block } = props;
  const heading = block.type === 'FILE' ? 'Wat heb ik gedaan?' : 'Wat heb ik geleerd?';
  const headingId = `block-${block.portfolioItemId}-${block.key}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {heading}
        </Title>
        {block.type === 'FILE' ? <FileItems block={block} lessonTitle={props.lessonTitle} /> : <ReflectionItems block={block} />}
        {props.conflict && (
          <ConflictNotice conflict={props.conflict} busy={props.busy} onKeepMine={props.onKeepMine} onKeepTheirs={props.onKeepTheirs} />
        )}
        <Grading status={block.status} busy={props.busy} onGrade={(status) => void props.onGrade(block.key, status)} heading={heading} />
        <FeedbackList block={block} onDelete={props.onDelete} />
        <CommentForm blockKey={block.key} heading={heading} busy={props.busy} onAdd={props.onAddComment} />
      </Stack>
    </Paper>
  );
}

function FileItems({ block, lessonTitle }: { block: Block; lessonTitle: string }) {
  return (
    <Stack gap="xs">
      {block.items.map((item) => (
        <Stack key={item.indexNumber} gap={4}>
          {item.description && <Text>{item.description}</Text>}
          {item.content && <Image src={item.content} alt={item.description || `Afbeelding bij ${lessonTitle}`} maw={480} radius="sm" />}
        </Stack>
      ))}
    </Stack>
  );
}

function ReflectionItems({ block }: { block: Block }) {
  return (
    <List type="ordered" spacing="xs">
      {block.items.map((item) => (
        <List.Item key={item.indexNumber}>
          <Text fw={700}>{item.subtitle}</Text>
          <Text>{item.value || '-'}</Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The chosen grade is filled, pressed, ticked and named in text: never shown by colour alone. */
function Grading({
  status,
  busy,
  heading,
  onGrade,
}: {
  status: BlockStatus;
  busy: boolean;
  heading: string;
  onGrade(status: BlockStatus): void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700}>
        Beoordeling: {status ? gradeLabel(status) : 'nog niet beoordeeld'}
      </Text>
      <Group gap="xs" role="group" aria-label={`Beoordeling van ${heading}`}>
        {GRADES.map((g) => {
          const chosen = g.status === status;
          return (
            <Button
              key={g.status}
              variant={chosen ? 'filled' : 'default'}
              aria-pressed={chosen}
              leftSection={chosen ? <IconCheck size={18} aria-hidden="true" /> : undefined}
              disabled={busy}
              onClick={() => onGrade(g.status)}
            >
              {g.label}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

function ConflictNotice({
  conflict,
  busy,
  onKeepMine,
  onKeepTheirs,
}: {
  conflict: GradeConflict;
  busy: boolean;
  onKeepMine(c: GradeConflict): Promise<void>;
  onKeepTheirs(c: GradeConflict): Promise<void>;
}) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
      <Stack gap="xs">
        <Text c="dark.9">{conflictText(conflict, 'dit onderdeel')}</Text>
        <Group gap="xs">
          <Button disabled={busy} onClick={() => void onKeepMine(conflict)}>
            Mijn beoordeling opslaan
          </Button>
          <Button variant="default" disabled={busy} onClick={() => void onKeepTheirs(conflict)}>
            {keepTheirsLabel(conflict)}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function FeedbackList({ block, onDelete }: { block: Block; onDelete(id: number): Promise<void> }) {
  if (block.feedbackItems.length === 0) return null;
  const remove = async (id: number) => {
    if (await confirmAction({ message: 'Weet je zeker dat je de feedback wilt verwijderen?' })) await onDelete(id);
  };
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Feedback">
      {block.feedbackItems.map((f) => (
        <Paper key={f.id} component="li" bg="gray.0" p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={700}>
                {f.name} · <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{f.message}</Text>
            </Stack>
            {f.id < 0 ? (
              // Not on the server yet: it cannot be removed there until it has arrived.
              <Badge color="gray.8" variant="outline">
                Wordt verzonden
              </Badge>
            ) : !f.canDelete ? null : (
              <Button
                variant="default"
                style={{ flex: 'none' }}
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                aria-label={`Verwijderen: feedback van ${f.name}`}
                onClick={() => void remove(f.id)}
              >
                Verwijderen
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function CommentForm({
  blockKey,
  heading,
  busy,
  onAdd,
}: {
  blockKey: string;
  heading: string;
  busy: boolean;
  onAdd(key: string, text: string): Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const submit = async () => {
    if (!text.trim()) return;
    if (await onAdd(blockKey, text)) setText('');
  };
  return (
    <Group
      component="form"
      align="flex-end"
      gap="xs"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label={`Opmerking bij ‘${heading}’`}
        placeholder="Nieuwe opmerking toevoegen..."
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
      />
      <Button type="submit" disabled={busy}>
        Toevoegen
      </Button>
    </Group>
  );
}
