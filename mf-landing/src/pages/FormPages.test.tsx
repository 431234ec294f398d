/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteMatch } from '@reelkeep/shared-contracts';
import { createApiStub, renderWithShell } from '@reelkeep/shell/testing';
import { ContactPage, UninstallationPage, type ContactPageData } from './FormPages.tsx';

const readTexts = <Texts,>(namespace: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../locales/es/${namespace}.json`), 'utf8')) as Texts;
const contact = readTexts<{
  name_label: string;
  email_label: string;
  topic_label: string;
  message_label: string;
  submit: string;
  sent_title: string;
  problems: Record<'name' | 'email' | 'topic' | 'message', Record<'empty' | 'invalid', string>> & { form: Record<'rate_limited', string> };
}>('contact');
const uninstallation = readTexts<{
  feedback_submit: string;
  feedback_choose: string;
  feedback_thanks: string;
  reasons: Record<'too_expensive', string>;
}>('uninstallation');

const { requests, answerApi, reset } = createApiStub();
afterEach(reset);

const contactData = (over: Partial<ContactPageData> = {}): ContactPageData => ({
  sum: { image: 'data:image/png;base64,AA==', token: 'sum-token' },
  sent: false,
  fields: { name: '', email: '', topic: '', message: '' },
  problems: {},
  ...over,
});
const contactMatch: RouteMatch = { route: 'contact', locale: 'es', params: {}, pageName: 'contact' };
const renderContact = (data: ContactPageData) =>
  renderWithShell(<ContactPage {...contactMatch} data={data} />, { locale: 'es', path: '/contact', namespaces: ['contact'] });

describe('the contact form (docs/forms.md "Contact form")', () => {
  it('names every field in the visitor’s language, and keeps a draft the server returned with its problems', () => {
    renderContact(
      contactData({
        fields: { name: 'Ana', email: 'ana@example.com', topic: 'billing', message: 'corto' },
        problems: { message: 'invalid', form: 'rate_limited' },
      }),
    );
    expect(screen.getByLabelText(contact.name_label)).toHaveValue('Ana');
    expect(screen.getByLabelText(contact.email_label)).toHaveValue('ana@example.com');
    expect(screen.getByLabelText(contact.topic_label)).toHaveValue('billing');
    const message = screen.getByLabelText(contact.message_label);
    expect(message).toHaveValue('corto');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining(contact.problems.message.invalid));
    expect(screen.getByRole('alert')).toHaveTextContent(contact.problems.form.rate_limited);
  });

  it('points at each empty field without sending anything', async () => {
    answerApi({ cscode: 200 });
    renderContact(contactData());
    fireEvent.click(screen.getByRole('button', { name: contact.submit }));
    await waitFor(() => expect(screen.getByLabelText(contact.name_label)).toHaveAccessibleDescription(contact.problems.name.empty));
    expect(screen.getByLabelText(contact.email_label)).toHaveAccessibleDescription(contact.problems.email.empty);
    expect(screen.getByLabelText(contact.topic_label)).toHaveAccessibleDescription(contact.problems.topic.empty);
    expect(screen.getByLabelText(contact.message_label)).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('thanks the visitor once the message was sent (the answer after a post without JavaScript)', () => {
    renderContact(contactData({ sent: true }));
    expect(screen.getByRole('status')).toHaveTextContent(contact.sent_title);
    expect(screen.queryByRole('button', { name: contact.submit })).toBeNull();
  });
});

describe('the uninstallation feedback', () => {
  const match: RouteMatch = { route: 'uninstallation', locale: 'es', params: {}, pageName: 'uninstallation' };
  const renderFeedback = () =>
    renderWithShell(<UninstallationPage {...match} data={{ product: 'aio', feedback: null }} />, {
      locale: 'es',
      path: '/uninstallation',
      namespaces: ['uninstallation'],
    });

  it('asks for a reason before sending', async () => {
    answerApi({ cscode: 200 });
    renderFeedback();
    fireEvent.click(screen.getByRole('button', { name: uninstallation.feedback_submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(uninstallation.feedback_choose);
    expect(requests).toEqual([]);
  });

  it('sends the chosen reason with the product and thanks the visitor', async () => {
    answerApi({ cscode: 200 });
    renderFeedback();
    fireEvent.click(screen.getByRole('radio', { name: uninstallation.reasons.too_expensive }));
    fireEvent.click(screen.getByRole('button', { name: uninstallation.feedback_submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(uninstallation.feedback_thanks);
    expect(requests).toEqual([
      { url: '/api/landing/uninstall-feedback', body: { locale: 'es', product: 'aio', reason: 'too_expensive', comment: '' } },
    ]);
  });
});
