/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n.ts';
import { Dialog } from './Dialog.tsx';
import { Field, SelectField, TextAreaField } from './Field.tsx';
import { FormProblem } from './FormProblem.tsx';

describe('Field', () => {
  it('labels its input and names its hint and problem as the description, in that order', () => {
    render(<Field id="pw" label="Password" hint="8 or more" problem="Too short" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-describedby', 'pw-hint pw-problem');
    expect(input).toHaveAccessibleDescription('8 or more Too short');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('keeps an empty problem line for a field that may get one, and none for a field that never does', () => {
    const { rerender } = render(<Field id="email" label="E-mail" problem={null} />);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'false');
    expect(document.getElementById('email-problem')).toBeEmptyDOMElement();
    rerender(<Field id="email" label="E-mail" />);
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-describedby');
    expect(document.getElementById('email-problem')).toBeNull();
  });
});

describe('Field with its own layout', () => {
  const classes = { label: 'label', control: 'control', hint: 'hint', problem: 'problem' };

  it('gives a select and a text area the same label, description and aria-invalid as an input, with the classes passed', () => {
    render(
      <>
        <SelectField id="topic" label="Topic" problem="Choose one" classes={classes} defaultValue="">
          <option value="">—</option>
        </SelectField>
        <TextAreaField id="message" label="Message" hint="20 or more" problem={null} classes={classes} />
      </>,
    );
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(topic).toHaveAccessibleDescription('Choose one');
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(topic).toHaveClass('control');
    expect(document.getElementById('topic-problem')).toHaveClass('problem');
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message).toHaveAttribute('aria-describedby', 'message-hint message-problem');
    expect(message).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('Message')).toHaveClass('label');
    expect(screen.getByText('20 or more')).toHaveClass('hint');
  });

  it('shows the problem in place of the hint on a message line, and a control beside the input in its row', () => {
    const line = { id: 'coupon-status', role: 'status' as const };
    const apply = <button type="submit">Apply</button>;
    const { rerender } = render(
      <Field id="coupon" label="Coupon" hint="Saved $5" problem="" messageLine={line} action={apply} rowClass="row" classes={classes} />,
    );
    const input = screen.getByRole('textbox', { name: 'Coupon' });
    expect(input).toHaveAccessibleDescription('Saved $5');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('status')).toHaveClass('hint');
    expect(input.parentElement).toHaveClass('row');
    expect(screen.getByRole('button', { name: 'Apply' }).parentElement).toBe(input.parentElement);
    rerender(<Field id="coupon" label="Coupon" hint="Saved $5" problem="Expired" messageLine={{ ...line, role: 'alert' }} classes={classes} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Expired');
    expect(screen.getByRole('alert')).toHaveClass('problem');
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'coupon-status');
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('coupon-hint')).toBeNull();
  });
});

describe('FormProblem', () => {
  it('announces a problem as an alert, and shows nothing without one', () => {
    const { rerender } = render(<FormProblem>{null}</FormProblem>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormProblem>Try again</FormProblem>);
    expect(screen.getByRole('alert')).toHaveTextContent('Try again');
    expect(screen.getByRole('alert')).toHaveClass('rk-form-problem');
    rerender(<FormProblem className="own">Try again</FormProblem>);
    expect(screen.getByRole('alert')).toHaveClass('own', { exact: true });
  });
});

describe('Dialog', () => {
  const i18n = createI18n('en', { common: { dialog: { close: 'Close' } } });
  const classes = { backdrop: 'backdrop', panel: 'panel', close: 'close' };

  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', () => {
    const onClose = jest.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <Dialog labelledBy="title" onClose={onClose} classes={classes} panelData={{ 'data-prompt': 'test' }}>
          <h2 id="title">Sale</h2>
          <a href="/store">Store</a>
        </Dialog>
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale' });
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveAttribute('data-prompt', 'test');
    expect(document.body.style.overflow).toBe('hidden');
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('link', { name: 'Store' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});
