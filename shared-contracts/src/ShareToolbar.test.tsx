/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { ShareToolbar } from './ShareToolbar.tsx';
import { createI18n } from './i18n.ts';
import type { SharedState } from './store-contract.ts';

const common = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales/ja/common.json'), 'utf8')) as Record<string, unknown>;

function renderToolbar(canonicalUrl: string) {
  const state = {
    locale: { current: 'ja', prefix: '/ja', path: '/netflix-downloader' },
    pageMeta: { title: 'Netflix ダウンローダー | ReelKeep', description: '', keywords: '', status: 200, canonicalUrl },
  } as Pick<SharedState, 'locale' | 'pageMeta'>;
  const store = configureStore({ reducer: () => state });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('ja', { common })}>
        <ShareToolbar />
      </I18nextProvider>
    </Provider>,
  );
}

const setClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  setClipboard(async () => undefined);
});

describe('ShareToolbar (docs/sharing.md)', () => {
  it('links the page’s canonical URL and title to each network, LINE included in Japanese', () => {
    renderToolbar('https://www.reelkeep.com/ja/netflix-downloader');
    const toolbar = screen.getByRole('navigation', { name: 'このページを共有' });
    expect(toolbar).toBeTruthy();
    const line = screen.getByRole('link', { name: 'LINE で共有' });
    expect(line.getAttribute('href')).toBe(
      'https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fwww.reelkeep.com%2Fja%2Fnetflix-downloader',
    );
    expect(line.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'メールで送る' }).getAttribute('href')).toMatch(/^mailto:\?subject=Netflix%20/);
  });

  it('copies the link, and when the clipboard refuses shows the tip and the link to copy by hand', async () => {
    const copied: string[] = [];
    setClipboard(async (text) => void copied.push(text));
    renderToolbar('https://www.reelkeep.com/ja/netflix-downloader');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'リンクをコピー' })));
    expect(copied).toEqual(['https://www.reelkeep.com/ja/netflix-downloader']);
    expect(screen.getByRole('button', { name: 'リンクをコピーしました' })).toBeTruthy();
  });

  it('shows the copy-fail tip when the clipboard refuses', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    renderToolbar('https://www.reelkeep.com/ja/netflix-downloader');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'リンクをコピー' })));
    expect(screen.getByRole('status').textContent).toBe('リンクをコピーできませんでした。下のリンクを選択してコピーしてください。');
    expect((screen.getByRole('textbox', { name: 'このページへのリンク' }) as HTMLInputElement).value).toBe(
      'https://www.reelkeep.com/ja/netflix-downloader',
    );
  });

  it('renders nothing where the page has no canonical URL (an older shell)', () => {
    const { container } = renderToolbar('');
    expect(container.innerHTML).toBe('');
  });
});
