/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithShell } from '@reelkeep/shell/testing';
import { ShareToolbar } from './ShareToolbar.tsx';

function renderToolbar(canonicalUrl: string) {
  return renderWithShell(<ShareToolbar />, {
    locale: 'ja',
    path: '/netflix-downloader',
    state: { pageMeta: { title: 'Netflix ダウンローダー | ReelKeep', description: '', keywords: '', status: 200, canonicalUrl } },
  });
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
