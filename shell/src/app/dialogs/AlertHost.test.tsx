/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { emitSiteEvent } from '@reelkeep/shared-contracts';
import { createI18n } from '../../i18n/create-i18n.ts';
import { AlertHost } from './AlertHost.tsx';

const i18n = createI18n('en', { common: { dialog: { close: 'Close', ok: 'OK', cancel: 'Cancel' } } });
const renderHost = () =>
  render(
    <I18nextProvider i18n={i18n}>
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

describe('LazyAlertHost', () => {
  it('loads the dialog on the first request and shows that request', async () => {
    const { LazyAlertHost } = await import('./LazyAlertHost.tsx');
    render(
      <I18nextProvider i18n={i18n}>
        <LazyAlertHost />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emitSiteEvent('toastRequested', { message: 'Lazy hello' }));
    expect(await screen.findByRole('dialog', { name: 'Lazy hello' })).toBeInTheDocument();
  });
});
