/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { OrderDto } from '@reelkeep/shared-contracts';
import { renderWithShell } from '@reelkeep/shell/testing';
import { ThankYou } from './ThankYou.tsx';

// The texts of locales/fr/checkout.json the thank-you state's Copy uses.
const checkout = {
  copy: 'Copier',
  copied: 'Copié',
  copy_failed: 'Votre navigateur ne nous a pas permis de copier la clé. Sélectionnez-la ci-dessus et copiez-la vous-même.',
};

const ORDER: OrderDto = {
  id: 'ord_0123456789abcdefghij',
  status: 'paid',
  product: 'aio',
  pid: '107211Y',
  os: 'win',
  planType: '1Y',
  variant: 'old',
  couponCode: null,
  originCents: 12990,
  priceCents: 8990,
  discountCents: 0,
  amountCents: 8990,
  currency: 'USD',
  email: 'buyer@example.com',
  createdAt: '2026-11-28T10:00:00.000Z',
  paidAt: '2026-11-28T10:01:00.000Z',
  failureCode: null,
  licence: { key: 'RK-ABCDE-FGHJK-LMNPQ-RSTUV', status: 'active', os: 'win', planType: '1Y', allowNum: 1, expiresAt: null, devices: [] },
};

function renderThanks() {
  return renderWithShell(<ThankYou order={ORDER} />, { locale: 'fr', path: '/checkout', namespaces: ['checkout'] });
}

const setClipboard = (clipboard: { writeText: (text: string) => Promise<void> } | undefined) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });

afterEach(() => {
  setClipboard(undefined);
});

describe('spec: the licence key’s Copy shows the copy-fail tip when the clipboard refuses', () => {
  it('copies the key and says so', async () => {
    const copied: string[] = [];
    setClipboard({ writeText: async (text) => void copied.push(text) });
    renderThanks();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copier' })));
    expect(copied).toEqual(['RK-ABCDE-FGHJK-LMNPQ-RSTUV']);
    expect(screen.getByRole('button', { name: 'Copié' })).toBeTruthy();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it.each([
    ['the clipboard refuses', { writeText: () => Promise.reject(new Error('NotAllowedError')) }],
    ['the browser has no clipboard', undefined],
  ])('shows the translated copy-fail tip when %s', async (_case, clipboard) => {
    setClipboard(clipboard);
    renderThanks();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copier' })));
    expect(screen.getByRole('status')).toHaveTextContent(checkout.copy_failed);
    expect(screen.getByRole('button', { name: 'Copier' })).toBeTruthy();
  });
});
