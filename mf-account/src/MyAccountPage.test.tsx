/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RouteMatch, SharedState } from '@reelkeep/shared-contracts';
import { createApiStub, renderWithShell } from '@reelkeep/shell/testing';
import { MyAccountPage, type MyAccountData } from './MyAccountPage.tsx';

const texts = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/fr/my_account.json'), 'utf8')) as {
  greeting: string;
  orders: { unavailable: string };
  password: {
    current: string;
    new: string;
    submit: string;
    none: string;
    set_link: string;
    result: Record<'current_wrong' | 'changed' | 'invalid', string>;
  };
  newsletter: { title: string; label: string; pending: string };
  data: { delete_confirm: string; delete_submit: string; delete_error: Record<'confirm', string> };
  logout: string;
};

const match: RouteMatch = { route: 'my-account', locale: 'fr', params: {}, pageName: 'my_account' };
const data = (over: Partial<MyAccountData> = {}): MyAccountData => ({
  orders: [],
  newsletter: false,
  newsletterSaved: false,
  newsletterPending: false,
  deviceRemoved: false,
  deviceError: null,
  passwordChanged: false,
  passwordError: null,
  deleteError: null,
  ...over,
});
const ADA: SharedState['session'] = { signedIn: true, user: { id: 'u1', email: 'ada@example.com', name: 'Ada', hasPassword: true } };

const { requests, answerApi, reset } = createApiStub();
afterEach(reset);

const renderPage = (pageData: MyAccountData, session: SharedState['session'] = ADA) =>
  renderWithShell(<MyAccountPage {...match} data={pageData} />, {
    locale: 'fr',
    path: '/my-account',
    namespaces: ['my_account', 'member'],
    state: { session },
  });

describe('my account (docs/accounts.md)', () => {
  it('greets the visitor by name and shows their profile', () => {
    renderPage(data());
    expect(screen.getByText(texts.greeting.replace('{{name}}', 'Ada'))).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('says so when the orders could not be read, and keeps the rest of the page', () => {
    renderPage(data({ orders: null }));
    expect(screen.getByText(texts.orders.unavailable)).toBeInTheDocument();
    expect(screen.getByLabelText(texts.password.current)).toBeInTheDocument();
  });

  it('reports a password change the server refused, as an alert, and a done one as a status', () => {
    const { unmount } = renderPage(data({ passwordError: 'current_wrong' }));
    expect(screen.getByRole('alert')).toHaveTextContent(texts.password.result.current_wrong);
    unmount();
    renderPage(data({ passwordChanged: true }));
    expect(screen.getByText(texts.password.result.changed)).toHaveAttribute('role', 'status');
  });

  it('refuses a new password the rules reject without asking the API', async () => {
    answerApi({ cscode: 200 });
    renderPage(data());
    fireEvent.change(screen.getByLabelText(texts.password.current), { target: { value: 'old-secret1' } });
    fireEvent.change(screen.getByLabelText(texts.password.new), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: texts.password.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.password.result.invalid);
    expect(requests).toEqual([]);
  });

  it('offers a Google account a link to set a password instead of the change form', () => {
    renderPage(data(), { signedIn: true, user: { id: 'u1', email: 'ada@example.com', name: 'Ada', hasPassword: false } });
    expect(screen.queryByLabelText(texts.password.current)).toBeNull();
    expect(screen.getByRole('link', { name: texts.password.set_link })).toHaveAttribute('href', '/fr/set-password');
  });

  it('shows the newsletter switch only when the site answered, and a pending confirmation', () => {
    const { unmount } = renderPage(data({ newsletter: null }));
    expect(screen.queryByRole('heading', { name: texts.newsletter.title })).toBeNull();
    unmount();
    renderPage(data({ newsletter: false, newsletterPending: true }));
    const form = screen.getByRole('form', { name: texts.newsletter.title });
    expect(within(form).getByRole('checkbox', { name: texts.newsletter.label })).not.toBeChecked();
    expect(within(form).getByRole('status')).toHaveTextContent(texts.newsletter.pending);
  });

  it('asks for the account’s address before deleting it, says when it did not match, and logs out in the visitor’s language', () => {
    const { container } = renderPage(data({ deleteError: 'confirm' }));
    expect(screen.getByLabelText(texts.data.delete_confirm)).toHaveAttribute('name', 'confirm_email');
    expect(screen.getByRole('alert')).toHaveTextContent(texts.data.delete_error.confirm);
    const logout = container.querySelector('form[action="/logout"]')!;
    expect(logout.querySelector('input[name="locale"]')).toHaveValue('fr');
    expect(within(logout as HTMLElement).getByRole('button', { name: texts.logout })).toBeInTheDocument();
  });
});
