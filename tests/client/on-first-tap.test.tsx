import { Menu } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentPropsWithRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onFirstTap } from '../../src/ui/on-first-tap';
import { renderWithProviders } from './render';

function Target(props: ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" {...props}>
      Account
    </button>
  );
}

function AccountMenu({ email }: { email: string }) {
  return (
    <Menu>
      <Menu.Target>
        <Target />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>{email}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

describe('onFirstTap', () => {
  it('loads nothing before the first tap, and that one tap opens the loaded menu', async () => {
    const load = vi.fn(async () => AccountMenu);
    const Lazy = onFirstTap(load);
    renderWithProviders(
      <Lazy
        plain={({ onTap, onPreload }) => <Target onClick={onTap} onPointerDown={onPreload} />}
        props={{ email: 'docent@demoschool.nl' }}
      />,
    );
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'docent@demoschool.nl' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
  });
});
