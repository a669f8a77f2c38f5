/**
 * The move-students dialog (part 1 §2, §4): a radio list of the school's classes that scrolls at
 * 185 px, the current class disabled, and 'Verplaatsen' disabled until a class is chosen.
 */
import '../../ui/mantine-styles-more';
import { Button, Group, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Classroom } from '../../api/classrooms/types';
import { students } from '../../lib/plural';
import { moveTargets } from './class-rules';

// Part 1 §2: the list scrolls at a height of 185px.
const LIST_HEIGHT = 185;

export interface MoveDialogProps {
  opened: boolean;
  classes: readonly Classroom[];
  currentId: number;
  count: number;
  onClose: () => void;
  onMove: (targetId: number) => void;
}

export function MoveDialog({ opened, classes, currentId, count, onClose, onMove }: MoveDialogProps) {
  const [target, setTarget] = useState<string | null>(null);
  const close = () => {
    setTarget(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Leerlingen verplaatsen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack gap="md">
        <Radio.Group value={target} onChange={setTarget} label={`Naar welke klas wil je ${students(count)} verplaatsen?`}>
          <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" mt="xs" data-testid="move-list">
            <Stack gap={0}>
              {moveTargets(classes, currentId).map((c) => (
                <label
                  key={c.id}
                  style={{ display: 'flex', alignItems: 'center', gap: 10, minHeight: 44, cursor: c.disabled ? 'not-allowed' : 'pointer' }}
                >
                  <Radio value={String(c.id)} disabled={c.disabled} size="md" />
                  <Text span c={c.disabled ? 'dimmed' : undefined}>
                    {c.name}
                    {c.id === currentId ? ' (huidige klas)' : ''}
                  </Text>
                </label>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Annuleren
          </Button>
          <Button
            disabled={target === null}
            onClick={() => {
              if (target === null) return;
              setTarget(null);
              onMove(Number(target));
            }}
          >
            Verplaatsen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
