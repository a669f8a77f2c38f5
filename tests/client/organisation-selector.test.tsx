import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../src/api/session/types';
import { OrganisationSelector } from '../../src/shell/organisation-selector';
import { renderWithProviders } from './render';

const org = (id: number, name: string, location: string, city: string, active: 0 | 1): Organisation => ({
  id,
  name,
  location,
  city,
  active,
  classroomCount: 0,
  studentCount: 0,
  teacherCount: 0,
});

const organisations = [
  org(1, 'Het Baken', 'Noord', 'Almere', 1),
  org(2, 'Stedelijk College', 'Zuid', 'Eindhoven', 1),
  org(3, 'Oude Scholengemeenschap', 'Centrum', 'Almere', 0),
];

async function open() {
  const onChoose = vi.fn();
  renderWithProviders(<OrganisationSelector currentName="Het Baken" currentId={1} organisations={organisations} onChoose={onChoose} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Het Baken/ }));
  return { user, onChoose, list: () => within(screen.getByRole('list', { name: 'Scholen' })) };
}

describe('OrganisationSelector', () => {
  it('lists schools as "name (location) city", a school without licences marked as such', async () => {
    const { list } = await open();
    expect(list().getByRole('button', { name: 'Het Baken (Noord) Almere' })).toBeInTheDocument();
    expect(list().getByRole('button', { name: 'Stedelijk College (Zuid) Eindhoven' })).toBeInTheDocument();
    expect(list().getByRole('button', { name: /Oude Scholengemeenschap.*geen licenties/ })).toBeInTheDocument();
  });

  it('searches case-insensitively over any part of the school', async () => {
    const { user, list } = await open();
    const search = screen.getByLabelText('Zoek een school');
    await user.type(search, 'EINDHOVEN');
    expect(
      list()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Stedelijk College (Zuid) Eindhoven']);
    await user.clear(search);
    await user.type(search, 'almere');
    expect(
      list()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Het Baken (Noord) Almere', 'Oude Scholengemeenschap (Centrum) Almere · geen licenties']);
    await user.clear(search);
    await user.type(search, 'bestaat niet');
    expect(screen.getByText('Geen scholen gevonden.')).toBeInTheDocument();
  });

  it('hands the chosen school to the caller', async () => {
    const { user, list, onChoose } = await open();
    await user.click(list().getByRole('button', { name: /Stedelijk College/ }));
    expect(onChoose).toHaveBeenCalledWith(2);
  });
});
