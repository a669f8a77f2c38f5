/** The 'Let op!' info dialog of part 1 §2 closes with an 'OK' button (issue 16 item 15). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HAS_STUDENTS_MESSAGE } from '../../src/features/classrooms/class-rules';
import { infoDialog } from '../../src/ui/confirm';
import { OverlaysHost } from '../../src/ui/overlays-host';
import { renderWithProviders } from './render';

describe("'Let op!'", () => {
  it('shows the message with one OK button that closes it', async () => {
    renderWithProviders(<OverlaysHost />);
    const closed = infoDialog(HAS_STUDENTS_MESSAGE);
    const dialog = await screen.findByRole('dialog', { name: 'Let op!' });
    expect(dialog).toHaveTextContent(HAS_STUDENTS_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Annuleren' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    await closed;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
