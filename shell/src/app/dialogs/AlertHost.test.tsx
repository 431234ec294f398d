/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createTranslator, emitSiteEvent } from '@reelkeep/shared-contracts';
import { I18nProvider } from '@reelkeep/shared-contracts/i18n-react';
import { AlertHost } from './AlertHost.tsx';

const translator = createTranslator('en', { common: { dialog: { close: 'Close', ok: 'OK', cancel: 'Cancel' } } });
const renderHost = () =>
  render(
    <I18nProvider translator={translator}>
      <AlertHost />
    </I18nProvider>,
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

describe('LazyAlertHost', () => {
  it('loads the dialog on the first request and shows that request', async () => {
    const { LazyAlertHost } = await import('./LazyAlertHost.tsx');
    render(
      <I18nProvider translator={translator}>
        <LazyAlertHost />
      </I18nProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emitSiteEvent('toastRequested', { message: 'Lazy hello' }));
    expect(await screen.findByRole('dialog', { name: 'Lazy hello' })).toBeInTheDocument();
  });
});
