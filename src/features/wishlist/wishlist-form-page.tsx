/** /wishlist/form/{id} (part 2 §2 "Wishlist form"): id 0 adds an idea, another id changes one. */
import '../../ui/mantine-styles-more';
import type { FormEvent } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../ui/page-title';
import { StatusAlert } from '../../ui/status-alert';
import { TouchSwitch } from '../../ui/touch-switch';
import { EditConflictView } from '../../ui/edit-conflict-view';
import { useWishlistForm } from './use-wishlist-form';

export function formTitle(isNew: boolean, title: string | null, canEdit = true): string {
  if (isNew) return 'Idee toevoegen';
  if (!canEdit) return title ? `Idee ${title}` : 'Idee';
  return title ? `Idee ${title} wijzigen` : 'Idee wijzigen';
}

export const NOT_YOURS =
  'Dit idee is van een collega. Alleen wie het idee heeft ingediend, kan het wijzigen. Reageren en stemmen kan op het verlanglijstje.';

export function WishlistFormPage({ params }: { params: { id?: string } }) {
  const routeId = Number.parseInt(params.id ?? '0', 10);
  const [, navigate] = useLocation();
  const form = useWishlistForm(
    Number.isFinite(routeId) && routeId > 0 ? routeId : 0,
    () => navigate('/wishlist'),
    (id) => navigate(`/wishlist/form/${id}`, { replace: true }),
  );
  const isNew = form.id === 0;
  const readOnly = !form.canEdit;
  const heading = formTitle(isNew, form.title, form.canEdit);
  usePageTitle(heading);
  const errors = form.status.kind === 'error' ? form.status.errors : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) void form.submit();
  };

  return (
    <Stack gap="lg" maw={760}>
      <Group>
        <Button component={Link} href="/wishlist" variant="subtle" size="md" leftSection={<IconArrowLeft size={20} aria-hidden="true" />}>
          Terug naar het verlanglijstje
        </Button>
      </Group>
      <Title order={1}>{heading}</Title>

      {readOnly && !form.loading && <StatusAlert tone="info">{NOT_YOURS}</StatusAlert>}
      {form.conflict && <EditConflictView conflict={form.conflict} onKeepMine={form.keepMine} onKeepTheirs={form.keepTheirs} />}
      {form.status.kind === 'saved' && <StatusAlert tone="success">Wijzigingen succesvol opgeslagen.</StatusAlert>}
      {form.status.kind === 'error' && <StatusAlert tone="error">{form.status.message}</StatusAlert>}

      {form.loading ? (
        <Center py="xl">
          <Loader role="status" aria-label="Idee laden" />
        </Center>
      ) : form.loadError && !isNew && form.title === null ? (
        <Alert color="red" variant="light" role="alert">
          {form.loadError.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={heading}>
          <Stack gap="md">
            <input type="hidden" name="id" value={form.id} />
            <Textarea
              label="Omschrijving"
              name="description"
              placeholder="Omschrijf je idee zo uitgebreid mogelijk."
              size="md"
              resize="vertical"
              rows={6}
              maxLength={5000}
              required
              readOnly={readOnly}
              value={form.fields.description}
              onChange={(e) => form.update({ description: e.currentTarget.value })}
              error={errors.description}
            />
            <TextInput
              label="Titel"
              name="title"
              size="md"
              maxLength={200}
              required
              readOnly={readOnly}
              value={form.fields.title}
              onChange={(e) => form.update({ title: e.currentTarget.value })}
              error={errors.title}
            />
            {form.isAdmin && !readOnly && (
              <TouchSwitch
                label="Actief"
                description="Zet uit als het idee is uitgevoerd."
                checked={form.fields.active}
                onChange={(e) => form.update({ active: e.currentTarget.checked })}
              />
            )}
            {!readOnly && (
              <Group>
                <Button type="submit" size="md" loading={form.busy}>
                  {isNew ? 'Toevoegen' : 'Wijzigen'}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
