/**
 * 'Offline beschikbaar maken' where a teacher finds it: in the sync status and in the avatar menu.
 * One tap fetches her classes for a day without Wi-Fi (src/data/offline-copy.ts); the bar shows what
 * is being fetched and how far it is, and afterwards what is ready and how fresh it is.
 */
import '../ui/mantine-styles-more';
import { Button, Group, Menu, Progress, Stack, Text, type TextProps } from '@mantine/core';
import { IconCloudDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatRecent } from '../lib/dates';
import { plural } from '../lib/plural';
import { cancelOfflineCopy, mb, removeOfflineCopy, startOfflineCopy } from '../data/offline-copy';
import { progressOf, useOfflineCopy, type PrepareState } from '../data/offline-copy-state';
import { wrapLabel } from '../ui/wrap-label';

/** 'Klaar voor offline: 4 klassen, 112 leerlingen, 340 portfolio-onderdelen · 85 MB · bijgewerkt 07:42' (issue #18). */
export function readyText(ready: NonNullable<PrepareState['ready']>): string {
  return (
    `Klaar voor offline: ${plural(ready.classes, 'klas', 'klassen')}, ${plural(ready.students, 'leerling', 'leerlingen')}, ` +
    `${plural(ready.items, 'portfolio-onderdeel', 'portfolio-onderdelen')} · ${mb(ready.bytes)} · bijgewerkt ${formatRecent(ready.finishedAt)}`
  );
}

/** The label wraps in a 320 px panel instead of being cut (issue 30). */
const WRAP_LABEL = wrapLabel('start');

function useActions() {
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => setProblem(await startOfflineCopy());
  return { problem, start };
}

/** Why the last tap did not start or finish, read out at once. */
function Problem({ text, ...box }: { text: string } & TextProps) {
  return (
    <Text size="sm" c="red.9" role="alert" {...box}>
      {text}
    </Text>
  );
}

function RunProgress({ state }: { state: PrepareState }) {
  const { done, total, percent } = progressOf(state);
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" aria-label="Voortgang offline beschikbaar maken" striped animated />
      <Text size="sm" data-testid="offline-progress">
        {state.current} ophalen… {done} van ongeveer {total} ({percent}%)
      </Text>
    </Stack>
  );
}

/** The block in the sync status popover. */
export function OfflineCopyPanel() {
  const state = useOfflineCopy();
  const { problem, start } = useActions();
  const running = state?.status === 'running';
  return (
    <Stack gap="xs" data-testid="offline-copy">
      <Text fw={700}>Offline beschikbaar maken</Text>
      {!state && (
        <Text size="sm">Zet je klassen, leerlingen, portfolio’s, toetsen en bestanden op dit apparaat klaar voor een dag zonder wifi.</Text>
      )}
      {running && <RunProgress state={state} />}
      {state?.status === 'cancelled' && <Text size="sm">Gestopt. Wat al is opgehaald, blijft bewaard.</Text>}
      {(state?.status === 'paused' || state?.status === 'stopped') && state.message && (
        <Text size="sm" c={state.status === 'stopped' ? 'red.9' : undefined} role={state.status === 'stopped' ? 'alert' : undefined}>
          {state.message}
        </Text>
      )}
      {state?.ready && !running && (
        <Text size="sm" data-testid="offline-ready">
          {readyText(state.ready)}
        </Text>
      )}
      {problem && <Problem text={problem} />}
      <Group gap="xs">
        {running ? (
          <Button variant="default" onClick={() => void cancelOfflineCopy()}>
            Stoppen
          </Button>
        ) : (
          <Button leftSection={<IconCloudDownload size={18} aria-hidden="true" />} onClick={() => void start()} {...WRAP_LABEL}>
            {!state ? 'Offline beschikbaar maken' : state.status === 'done' ? 'Bijwerken' : 'Verder gaan'}
          </Button>
        )}
        {state && !running && (
          <Button
            variant="subtle"
            color="red.9"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={() => void removeOfflineCopy()}
          >
            Offline kopie verwijderen
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The same in the avatar menu: the start item, or the progress and the ready text. */
export function OfflineCopyMenuItems() {
  const state = useOfflineCopy();
  const { problem, start } = useActions();
  const running = state?.status === 'running';
  return (
    <>
      {running ? (
        <div style={{ padding: '6px 12px' }}>
          <RunProgress state={state} />
        </div>
      ) : (
        <Menu.Item leftSection={<IconCloudDownload size={18} aria-hidden="true" />} onClick={() => void start()} closeMenuOnClick={false}>
          {state?.status === 'done' ? 'Offline kopie bijwerken' : 'Offline beschikbaar maken'}
        </Menu.Item>
      )}
      {state?.ready && !running && (
        <Text size="sm" px="sm" py={6}>
          {readyText(state.ready)}
        </Text>
      )}
      {problem && <Problem text={problem} px="sm" py={6} />}
    </>
  );
}
