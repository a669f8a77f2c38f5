/**
 * The portfolio feedback modal (part 2 §2): presentational, used by the portfolios page and the
 * student profile. Static backdrop and no Escape: a half-written comment is not lost by a stray tap.
 */
import '../../ui/mantine-styles-more';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../../lib/dates';
import { FeedbackBlock } from './feedback-block';
import type { FeedbackActions } from './use-feedback';
import { conflictText } from './conflicts';

export interface FeedbackModalProps extends FeedbackActions {
  opened: boolean;
  /** The student's name as the list showed it, until the detail is loaded. */
  name: string;
  onClose(): void;
}

export function FeedbackModal(props: FeedbackModalProps) {
  const { detail } = props;
  const name = detail?.userName || props.name;
  const loose = detail ? props.conflicts.filter((c) => !detail.blocks.some((b) => b.key === c.key)) : [];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Feedback voor ${name}`}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
    >
      <Stack gap="md">
        {!detail ? (
          <Center py="xl">
            {props.loading ? (
              <Loader role="status" aria-label="Portfolio laden" />
            ) : (
              <Text>Dit portfolio is niet beschikbaar zonder verbinding.</Text>
            )}
          </Center>
        ) : (
          <>
            <Stack gap={2}>
              <Text fw={700} size="lg">
                {detail.lessonTitle}
              </Text>
              <Text>
                {detail.chapterTitle} · {detail.sectionTitle}
              </Text>
              <Text>Klas: {detail.userClassroom || '-'}</Text>
              <Text>Voltooid op: {formatDate(detail.updatedAt) || '-'}</Text>
            </Stack>
            {props.error && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
                <Text c="dark.9">{props.error}</Text>
              </Alert>
            )}
            {loose.map((c) => (
              <Alert key={c.seq} color="orange" variant="light" role="alert">
                <Text c="dark.9">{conflictText(c, 'een onderdeel')}</Text>
              </Alert>
            ))}
            {detail.blocks.map((block) => (
              <FeedbackBlock
                key={block.key}
                block={block}
                lessonTitle={detail.lessonTitle}
                busy={props.busy}
                conflict={props.conflicts.find((c) => c.key === block.key)}
                onAddComment={props.onAddComment}
                onDelete={props.onDelete}
                onGrade={props.onGrade}
                onKeepMine={props.onKeepMine}
                onKeepTheirs={props.onKeepTheirs}
              />
            ))}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Sluiten
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
