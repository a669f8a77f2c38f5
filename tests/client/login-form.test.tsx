import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../src/features/session/login-form';
import { renderWithProviders } from './render';

function setup(error?: string) {
  const onSubmit = vi.fn();
  renderWithProviders(<LoginForm onSubmit={onSubmit} error={error} />);
  const email = screen.getByLabelText(/E-mailadres/);
  const password = screen.getByLabelText(/Wachtwoord/, { selector: 'input' });
  const button = screen.getByRole('button', { name: 'Inloggen' });
  return { onSubmit, email, password, button, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('shows the required messages under the right inputs and does not submit', async () => {
    const { onSubmit, email, password, button, user } = setup();
    await user.click(button);
    expect(email).toHaveAccessibleDescription('Vul je e-mailadres in.');
    expect(password).toHaveAccessibleDescription('Vul je wachtwoord in.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects an invalid address and a short password', async () => {
    const { onSubmit, email, password, button, user } = setup();
    await user.type(email, 'docent@');
    await user.type(password, 'abc');
    await user.click(button);
    expect(email).toHaveAccessibleDescription('Vul een geldig e-mailadres in.');
    expect(password).toHaveAccessibleDescription('Je wachtwoord heeft minstens 6 tekens.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('strips spaces from the e-mail address while typing and submits valid input', async () => {
    const { onSubmit, email, password, button, user } = setup();
    await user.type(email, ' docent @demo school.nl ');
    expect(email).toHaveValue('docent@demoschool.nl');
    await user.type(password, 'Welkom123');
    await user.click(button);
    expect(screen.queryByText('Vul je e-mailadres in.')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('docent@demoschool.nl', 'Welkom123');
  });

  it('shows a refusal as an alert', () => {
    setup('Inloggegevens zijn niet juist');
    expect(screen.getByRole('alert')).toHaveTextContent('Inloggegevens zijn niet juist');
  });
});
