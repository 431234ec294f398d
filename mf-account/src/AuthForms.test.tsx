/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteMatch, SumCaptchaDto } from '@reelkeep/shared-contracts';
import { createApiStub, renderWithShell } from '@reelkeep/shell/testing';
import { LoginPage, RegisterPage, type LoginPageData, type RegisterPageData } from './AuthForms.tsx';

const readTexts = <Texts,>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}/${namespace}.json`), 'utf8')) as Texts;
const login = readTexts<{
  heading: string;
  email_label: string;
  password_label: string;
  submit: string;
  reset_done: string;
  handoff_switch: string;
  problems: Record<'rate_limited' | 'invalid', string>;
}>('de', 'login');
const register = readTexts<{
  name_label: string;
  email_label: string;
  password_label: string;
  submit: string;
  problems: { email: Record<'invalid', string>; password: Record<'invalid', string>; form: Record<'not_created', string> };
}>('en', 'register');

const SUM: SumCaptchaDto = { image: 'data:image/png;base64,AA==', token: 'sum-token' };
const loginData = (over: Partial<LoginPageData> = {}): LoginPageData => ({
  email: '',
  returnPath: '/de/checkout',
  error: null,
  reset: false,
  sum: null,
  handoff: null,
  google: null,
  ...over,
});
const loginMatch: RouteMatch = { route: 'login', locale: 'de', params: {}, pageName: 'login' };
const registerMatch: RouteMatch = { route: 'register', locale: 'en', params: {}, pageName: 'register' };

const { requests, answerApi, reset } = createApiStub();
afterEach(reset);

const renderLogin = (data: LoginPageData) =>
  renderWithShell(<LoginPage {...loginMatch} data={data} />, { locale: 'de', path: '/login', namespaces: ['login', 'member'] });

describe('the login page (docs/forms.md "Without JavaScript")', () => {
  it('labels its fields in the visitor’s language and posts to the login endpoint without JavaScript', () => {
    const { container } = renderLogin(loginData({ email: 'ada@example.com' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(login.heading);
    expect(screen.getByLabelText(login.email_label)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(login.password_label)).toHaveAttribute('type', 'password');
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('action', '/api/account/login');
    expect(form).toHaveAttribute('method', 'post');
    expect(form.querySelector('input[name="return"]')).toHaveValue('/de/checkout');
    expect(form.querySelector('input[name="locale"]')).toHaveValue('de');
  });

  it('shows the problem the server returned, and the notice after a password reset', () => {
    renderLogin(loginData({ error: 'rate_limited', reset: true }));
    expect(screen.getByRole('alert')).toHaveTextContent(login.problems.rate_limited);
    expect(screen.getByRole('status')).toHaveTextContent(login.reset_done);
  });

  it('refuses an address that is not one before asking the API', async () => {
    answerApi({ cscode: 200, return: '/de/my-account' });
    renderLogin(loginData());
    fireEvent.change(screen.getByLabelText(login.email_label), { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText(login.password_label), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(login.problems.invalid);
    expect(requests).toEqual([]);
  });

  it('posts the address, password and return path, and shows the problem the API answers', async () => {
    answerApi({ cscode: 401, problems: { form: 'invalid' } });
    renderLogin(loginData());
    fireEvent.change(screen.getByLabelText(login.email_label), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(login.password_label), { target: { value: 'wrong-one1' } });
    fireEvent.click(screen.getByRole('button', { name: login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(login.problems.invalid);
    expect(requests).toEqual([
      { url: '/api/account/login', body: { email: 'ada@example.com', password: 'wrong-one1', locale: 'de', return: '/de/checkout' } },
    ]);
  });

  it('asks before a desktop hand-off replaces the account signed in now', () => {
    const handoff = { token: 'tok', clientE: 'e', clientM: 'm', accountEmail: 'app@example.com', signedInAs: 'ada@example.com' };
    const { container } = renderLogin(loginData({ handoff }));
    expect(screen.getByRole('alert')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('app@example.com');
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('action', '/api/account/handoff');
    expect(form.querySelector('input[name="replace"]')).toHaveValue('1');
    expect(screen.queryByLabelText(login.password_label)).toBeNull();
  });
});

describe('the registration page (docs/forms.md "Passwords")', () => {
  const data = (over: Partial<RegisterPageData> = {}): RegisterPageData => ({ sum: SUM, name: '', email: '', problems: {}, google: null, ...over });
  const renderRegister = (pageData: RegisterPageData) =>
    renderWithShell(<RegisterPage {...registerMatch} data={pageData} />, { path: '/register', namespaces: ['register', 'member'] });

  it('marks each field the server refused, with its problem as the field’s description', () => {
    renderRegister(data({ email: 'ada@example', problems: { email: 'invalid', form: 'not_created' } }));
    const email = screen.getByLabelText(register.email_label);
    expect(email).toHaveValue('ada@example');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(register.problems.email.invalid);
    expect(screen.getByLabelText(register.password_label)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent(register.problems.form.not_created);
  });

  it('checks the address and the password in the browser before solving the captcha', async () => {
    answerApi({ cscode: 200 });
    renderRegister(data());
    fireEvent.change(screen.getByLabelText(register.email_label), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(register.password_label), { target: { value: 'short' } });
    fireEvent.submit(screen.getByRole('button', { name: register.submit }).closest('form')!);
    await waitFor(() => expect(screen.getByLabelText(register.password_label)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(register.email_label)).toHaveAccessibleDescription(register.problems.email.invalid);
    expect(screen.getByLabelText(register.password_label)).toHaveAccessibleDescription(expect.stringContaining(register.problems.password.invalid));
    expect(requests).toEqual([]);
  });
});
