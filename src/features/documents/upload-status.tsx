/** What an upload is doing: the file, 'n van m' and a progress bar, or the files that were refused. */
import '../../ui/mantine-styles-more';
import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UploadFailure, UploadProgress } from './use-upload-queue';

export function UploadStatus({ progress, failures }: { progress: UploadProgress | null; failures: UploadFailure[] }) {
  return (
    <>
      {progress && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            Bestand {progress.index} van {progress.total} wordt geüpload: {progress.name} ({Math.round(progress.fraction * 100)}%)
          </Text>
          <Progress value={progress.fraction * 100} size="lg" aria-label={`Uploaden van ${progress.name}`} animated />
        </Stack>
      )}
      {failures.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={failures.length === 1 ? 'Een bestand is niet geüpload' : 'Niet alle bestanden zijn geüpload'}
        >
          <List size="sm">
            {failures.map((f, i) => (
              <List.Item key={`${f.name}-${i}`}>
                {f.name}: {f.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
