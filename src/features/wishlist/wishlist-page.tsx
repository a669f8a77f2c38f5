/** /wishlist (part 2 §2 "Wishlist"): open ideas first, then 'Inmiddels uitgevoerd'. */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconBulb, IconInfoCircle, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { WishlistItem } from '../../api/wishlist/types';
import { searchRows } from '../../lib/search';
import type { SortColumns } from '../../lib/sorting';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { useSort } from '../../ui/use-sort';
import { takeNotice } from './offline-notice';
import { voteOf } from './optimistic-patches';
import { useWishlist } from './use-wishlist';
import { WishlistCard } from './wishlist-card';
import { Sliced } from '../../ui/sliced';

const columns: SortColumns<WishlistItem> = { title: { mode: 'text', value: (item) => item.title } };

// Search looks at what the card shows, not at ids or flags.
/** About one idea's card on a tablet, for the place of the cards still to come (ui/sliced.tsx). */
const CARD_HEIGHT = 270;

const searchable = (item: WishlistItem) => [
  item.title,
  item.description,
  item.user.name,
  item.user.email,
  item.comments.map((c) => c.comment),
];

export function WishlistPage() {
  usePageTitle('Verlanglijstje');
  const wishlist = useWishlist();
  const [notice, setNotice] = useState(takeNotice);
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchRows(wishlist.items ?? [], query, searchable), [wishlist.items, query]);
  const { sorted, sort, onSort } = useSort(found, columns);
  const open = sorted.filter((item) => item.active === 1);
  const done = sorted.filter((item) => item.active !== 1);
  const hasItems = (wishlist.items?.length ?? 0) > 0;

  const card = (item: WishlistItem, index?: number) => (
    <WishlistCard
      key={item.id}
      item={item}
      index={index}
      myVote={voteOf(wishlist.votes, item.id)}
      isNew={wishlist.newIds.has(item.id)}
      done={item.active !== 1}
      onVote={(vote) => void wishlist.vote(item, vote)}
      onAddComment={(text) => wishlist.addComment(item, text)}
      onDeleteComment={wishlist.removeComment}
      onDelete={() => wishlist.removeItem(item)}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Verlanglijstje</Title>
        <Button component={Link} href="/wishlist/form/0" size="md" leftSection={<IconBulb size={20} aria-hidden="true" />}>
          Ik heb een idee!
        </Button>
      </Group>
      <Text maw={720}>
        Heb je een idee om de lesmethode of deze omgeving beter te maken? Deel het hier met je collega's. Stem op de ideeën van anderen en
        laat een reactie achter: zo zien wij wat docenten het belangrijkst vinden.
      </Text>
      <StaleNotice stale={wishlist.stale} updatedAt={wishlist.updatedAt} />
      {notice && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          role="status"
          withCloseButton
          closeButtonLabel="Sluiten"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}

      {hasItems && (
        <Group align="flex-end" gap="sm" role="search">
          <SearchField label="Zoeken in ideeën" size="md" value={query} onChange={setQuery} style={{ flex: '1 1 240px' }} />
          <SortButton direction={sort.column === 'title' ? sort.direction : null} onClick={() => onSort('title')} />
        </Group>
      )}

      <ListState
        loading={wishlist.loading && !wishlist.items}
        loadingLabel="Verlanglijstje laden"
        error={wishlist.error && !wishlist.items && wishlist.error.message}
        empty={!hasItems && "Er staan nog geen ideeën op het verlanglijstje. Heb jij een idee? Deel het met 'Ik heb een idee!'."}
        noMatch={found.length === 0 && `Geen ideeën gevonden voor ‘${query.trim()}’.`}
      >
        <Stack gap="md" component="section" aria-labelledby="wishlist-open">
          {/* The cards' titles are h3: without this h2 they would follow the h1 directly (Lighthouse heading-order). */}
          <VisuallyHidden component="h2" id="wishlist-open">
            Openstaande ideeën
          </VisuallyHidden>
          {open.length === 0 ? (
            <Text>Er zijn geen openstaande ideeën.</Text>
          ) : (
            <Sliced step={3} as="div" estimate={CARD_HEIGHT}>
              {open.map((item, i) => card(item, i + 1))}
            </Sliced>
          )}
        </Stack>
        {done.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="wishlist-done">
            <Title order={2} id="wishlist-done">
              Inmiddels uitgevoerd
            </Title>
            <Sliced step={3} as="div" estimate={CARD_HEIGHT}>
              {done.map((item) => card(item))}
            </Sliced>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

/** Sorting by title, ascending and descending in turn (part 2 §4 "Wishlist sorting"). */
function SortButton({ direction, onClick }: { direction: 'asc' | 'desc' | null; onClick: () => void }) {
  const Icon = direction === null ? IconArrowsSort : direction === 'asc' ? IconSortAscending : IconSortDescending;
  const label = direction === null ? 'Sorteer op titel' : direction === 'asc' ? 'Titel: A tot Z' : 'Titel: Z tot A';
  return (
    <Button size="md" variant="default" leftSection={<Icon size={20} aria-hidden="true" />} onClick={onClick}>
      {label}
    </Button>
  );
}
