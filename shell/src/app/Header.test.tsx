/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SharedState } from '@reelkeep/shared-contracts';
import { renderWithShell } from '../testing/render-with-shell.tsx';
import { Header } from './Header.tsx';

const fr = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/fr/common.json'), 'utf8')) as {
  account: Record<'login' | 'register' | 'my_account' | 'logout', string>;
  nav: Record<'menu' | 'close_menu' | 'label' | 'posts', string>;
};
const ADA = { signedIn: true, user: { id: 'u1', email: 'ada@example.com', name: 'Ada' } };

const renderHeader = (session: SharedState['session'] = { signedIn: false, user: null }) =>
  renderWithShell(<Header clean={false} reduced={false} />, { locale: 'fr', path: '/contact', state: { session } });

describe('the header (docs/frame.md "Navigation layouts")', () => {
  it('offers a visitor sign-in and sign-up in their language, and no logout', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: fr.account.login })).toHaveAttribute('href', '/fr/login');
    expect(within(banner).getByRole('link', { name: fr.account.register })).toHaveAttribute('href', '/fr/register');
    expect(within(banner).queryByRole('button', { name: fr.account.logout })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: fr.nav.label })).getByRole('link', { name: fr.nav.posts })).toHaveAttribute(
      'href',
      '/fr/blog/',
    );
  });

  it('gives someone signed in their account and a logout that keeps their language', () => {
    const { container } = renderHeader(ADA);
    expect(screen.getByRole('link', { name: fr.account.my_account })).toHaveAttribute('href', expect.stringMatching(/^\/fr\/my-account/));
    expect(screen.queryByRole('link', { name: fr.account.login })).toBeNull();
    const forms = container.querySelectorAll('form[action="/logout"]');
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form.querySelector('input[name="locale"]')).toHaveValue('fr');
  });

  it('opens and closes the menu, and tells the store a menu is open so no prompt shows over it', () => {
    const { site } = renderHeader();
    const toggle = screen.getByRole('button', { name: fr.nav.menu });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: fr.nav.close_menu })).toHaveAttribute('aria-expanded', 'true');
    expect(site.store.getState().prompts.menuOpen).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('button', { name: fr.nav.menu })).toHaveAttribute('aria-expanded', 'false');
    expect(site.store.getState().prompts.menuOpen).toBe(false);
  });

  it('closes the language menu on Escape or a click outside, even before the menu has announced it opened', () => {
    const { container } = renderHeader();
    const menu = container.querySelector<HTMLDetailsElement>('header details')!;
    // A click on the summary opens the disclosure at once; its `toggle` event only comes a task later.
    menu.open = true;
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(menu.querySelector('summary')).toHaveFocus();
    menu.open = true;
    fireEvent.click(screen.getByRole('navigation', { name: fr.nav.label }));
    expect(menu.open).toBe(false);
  });
});
