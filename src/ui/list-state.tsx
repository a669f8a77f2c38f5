/**
 * What a list page shows instead of its rows, in this order: a loader while nothing is there yet,
 * the server's refusal, that there is nothing at all, that the search found nothing; else the rows.
 */
import type { ReactNode } from 'react';
import { Alert, Center, Loader, Text } from '@mantine/core';

export interface ListStateProps {
  /** Still loading with nothing to show. */
  loading: boolean;
  /** The loader's name for screen readers ('Docenten laden'). */
  loadingLabel: string;
  /** The refusal to show when there is nothing else (e.g. `read.error && !read.data`). */
  error?: string | null | false;
  /** The message when the list has no rows at all; false when it has. */
  empty?: ReactNode;
  /** The message when the search left no rows ('Geen docenten gevonden voor ‘x’.'); false when it did not. */
  noMatch?: ReactNode;
  children: ReactNode;
}

export function ListState({ loading, loadingLabel, error, empty, noMatch, children }: ListStateProps) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  }
  if (empty) return <Text>{empty}</Text>;
  if (noMatch) return <Text role="status">{noMatch}</Text>;
  return <>{children}</>;
}
