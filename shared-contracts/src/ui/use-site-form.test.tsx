/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSiteForm } from './use-site-form.ts';

/** A form as the account pages write one: a real action for browsers without JavaScript, the hook for the others. */
function NameForm({ submit }: { submit: (previous: string[], fields: FormData) => Promise<string[]> }) {
  const { state, pending, onSubmit } = useSiteForm(submit, []);
  return (
    <form method="post" action="/api/account/example" onSubmit={onSubmit}>
      <input aria-label="Name" name="name" defaultValue="Ana" />
      <button type="submit" disabled={pending}>
        Send
      </button>
      <p role="status">{state.join(', ')}</p>
    </form>
  );
}

describe('useSiteForm', () => {
  it('runs the submission with the form’s fields, disables the button while it runs, and keeps each result for the next', async () => {
    let finish: () => void = () => {};
    const submit = (previous: string[], fields: FormData) =>
      new Promise<string[]>((resolve) => (finish = () => resolve([...previous, String(fields.get('name'))])));
    render(<NameForm submit={submit} />);
    const button = screen.getByRole('button', { name: 'Send' });

    act(() => void fireEvent.submit(button.closest('form')!));
    expect(button).toHaveProperty('disabled', true);
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('Ana');
    expect(button).toHaveProperty('disabled', false);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bo' } });
    act(() => void fireEvent.submit(button.closest('form')!));
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('Ana, Bo');
  });
});
