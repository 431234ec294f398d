/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { emitSiteEvent } from '@reelkeep/shared-contracts';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { AlertHost } from './AlertHost.tsx';

const translator = createI18n('en', {
  common: { dialog: { close: 'Close', ok: 'OK', cancel: 'Cancel' } },
  campaign: {
    dialogs: {
      copied: '<b>{{code}}</b> is copied.<script>alert(1)</script>',
      styled: '<strong style="color:red" onclick="alert(1)" class="x">Saved</strong><br/><p>now</p><img src="x" onerror="alert(1)">',
    },
  },
});
const renderHost = () =>
  render(
    <I18nextProvider i18n={translator}>
      <AlertHost />
    </I18nextProvider>,
  );

describe('AlertHost', () => {
  it('opens a toast requested by any remote, locks scroll, and closes on Escape', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { title: 'Copied', message: 'The coupon code is on your clipboard.' }));
    expect(screen.getByRole('dialog', { name: 'Copied' })).toHaveTextContent('The coupon code is on your clipboard.');
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps only one at a time: a new request replaces the one on screen', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { message: 'First' }));
    act(() => emitSiteEvent('toastRequested', { message: 'Second', modalType: 'failure' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
  });

  it('offers a cancel button on confirm and closes from either button or the close icon', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { message: 'Leave checkout?', modalType: 'confirm', buttonText: 'Leave', cancelText: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emitSiteEvent('toastRequested', { message: 'Again', modalType: 'confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AlertHost: handlers, translated HTML, links', () => {
  it('runs the confirm handler from the primary button and the cancel handler from the cancel button only', () => {
    renderHost();
    const calls: string[] = [];
    const request = {
      message: 'Leave?',
      modalType: 'confirm' as const,
      onConfirm: () => calls.push('confirm'),
      onCancel: () => calls.push('cancel'),
    };
    act(() => emitSiteEvent('toastRequested', request));
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => emitSiteEvent('toastRequested', request));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(calls).toEqual([]);
    act(() => emitSiteEvent('toastRequested', request));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => emitSiteEvent('toastRequested', request));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls).toEqual(['cancel', 'confirm']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a translation as HTML with its inline tags, escaping its other markup and the values', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { messageKey: 'campaign:dialogs.copied', messageValues: { code: '<i>REEL20</i>' } }));
    const heading = screen.getByRole('heading');
    expect(heading.innerHTML).toBe('<span><b>&lt;i&gt;REEL20&lt;/i&gt;</b> is copied.&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(heading.querySelector('script, i')).toBeNull();
  });

  it("keeps a translation's allowed tags bare (its attributes dropped) and shows any other tag as text", () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { messageKey: 'campaign:dialogs.styled' }));
    const heading = screen.getByRole('heading');
    expect(heading.querySelector('strong')?.attributes).toHaveLength(0);
    expect(heading.querySelector('p, img, [onclick], [style]')).toBeNull();
    expect(heading.textContent).toBe('Saved<p>now</p><img src="x" onerror="alert(1)">');
  });

  it('shows plain text as text, hides the icon and the close button when asked, and links only to a path of the site', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { message: '<b>not bold</b>', icon: false, showClose: false, href: '//evil.example/x' }));
    expect(screen.getByRole('heading').textContent).toBe('<b>not bold</b>');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    act(() => emitSiteEvent('toastRequested', { message: 'Go', href: '/checkout?coupon=REEL20' }));
    expect(screen.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/checkout?coupon=REEL20');
  });

  it('keeps Tab inside the dialog', () => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { message: 'Sure?', modalType: 'confirm' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const ok = screen.getByRole('button', { name: 'OK' });
    ok.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });
});

describe('LazyAlertHost', () => {
  it('loads the dialog on the first request and shows that request', async () => {
    const { LazyAlertHost } = await import('./LazyAlertHost.tsx');
    render(
      <I18nextProvider i18n={translator}>
        <LazyAlertHost />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emitSiteEvent('toastRequested', { message: 'Lazy hello' }));
    expect(await screen.findByRole('dialog', { name: 'Lazy hello' })).toBeInTheDocument();
  });
});

describe('AlertHost: the toast custom class (spec: Toast options customClass)', () => {
  it.each([
    ['one class name', 'coupon-toast', 'coupon-toast'],
    ['up to three, space-separated (a CSS module class too)', 'toast _a1b2 wide', 'toast _a1b2 wide'],
    ['markup is no class name: ignored', '"><img src=x onerror=alert(1)>', null],
    ['a style attribute in disguise: ignored', 'x" style="display:none', null],
    ['four classes: ignored', 'a b c d', null],
  ])('%s', (_title, customClass, added) => {
    renderHost();
    act(() => emitSiteEvent('toastRequested', { message: 'Plain' }));
    const plainClasses = [...screen.getByRole('dialog', { name: 'Plain' }).classList];
    act(() => emitSiteEvent('toastRequested', { message: 'Copied', customClass }));
    const classes = [...screen.getByRole('dialog', { name: 'Copied' }).classList];
    expect(classes).toEqual(added === null ? plainClasses : [...plainClasses, ...added.split(' ')]);
  });
});
