/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAN_TABLE, toPlanId, type OfferDto, type RouteMatch } from '@reelkeep/shared-contracts';
import { createApiStub, renderWithShell, writeServerState } from '@reelkeep/shell/testing';
import { CheckoutPage } from './CheckoutPage.tsx';
import { CHECKOUT_INITIAL_STATE, type CheckoutState } from './checkout-slice.ts';
import type { CheckoutData } from './loaders.server.ts';

// The page module as the browser build has it (its loader dropped).
Object.assign(globalThis, { __SERVER__: false });
const { default: page } = await import('./page.tsx');

const texts = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en/checkout.json'), 'utf8')) as {
  heading: string;
  coupon_apply: string;
  coupon_remove: string;
  selected_plan: string;
  plan_names: Record<string, string>;
};

const plansFor = (os: 'win' | 'mac') => PLAN_TABLE.map((row) => ({ ...row, os, pid: toPlanId(os, row.type) }));
const OFFER: OfferDto = {
  product: { key: 'aio', name: 'ReelKeep', macName: 'ReelKeep for Mac', hasMac: true },
  plans: { win: plansFor('win'), mac: plansFor('mac') },
  coupons: [],
  campaign: null,
  provider: { kind: 'sandbox' },
};
const COUPON = { code: 'SAVE10', text: '$10 off', discountCents: 1000, allowedTypes: ['LFT_3' as const, '1Y' as const], minPriceCents: 0 };

const data = (initial: Partial<CheckoutData['initial']> = {}): CheckoutData => ({
  offer: OFFER,
  initial: { type: null, os: null, coupon: null, couponError: null, email: null, ...initial },
  upgradeId: null,
  appliedId: null,
  upgrade: null,
  order: null,
  now: Date.UTC(2026, 10, 28),
});
const match: RouteMatch = { route: 'checkout', locale: 'en', params: {}, pageName: 'checkout' };

const { requests, answerApi, reset } = createApiStub();
afterEach(reset);

describe('the checkout page in the site store', () => {
  it("hydrates the checkout's injected slice with the state the server rendered", () => {
    const pageData = data({ type: 'LFT_3', os: 'mac', coupon: COUPON, email: 'buyer@example.com' });
    const hydrated = writeServerState(page, { match, data: pageData }) as ReturnType<typeof writeServerState> & { checkout: CheckoutState };
    // The server opened the page in its store: the link's choices are the slice's state.
    expect(hydrated.checkout).toMatchObject({ os: 'mac', cardType: 'LFT', devices: 3, couponCode: 'SAVE10', email: 'buyer@example.com' });

    const { site } = renderWithShell(<CheckoutPage {...match} data={data()} />, {
      path: '/checkout',
      namespaces: ['checkout'],
      module: page,
      hydrated,
    });

    // The browser injected the slice and restored it from the hydration state, not from its own (different) data.
    expect((site.store.getState() as unknown as { checkout: CheckoutState }).checkout).toEqual(hydrated.checkout);
    expect(screen.getByRole('button', { name: 'Mac' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /coupon/i })).toHaveValue('SAVE10');
    expect(screen.getByRole('textbox', { name: /e-mail/i })).toHaveValue('buyer@example.com');
  });

  it('opens with the initial state when the link asks for nothing, and a plan chosen is the selected one', () => {
    const { site } = renderWithShell(<CheckoutPage {...match} data={data()} />, {
      path: '/checkout',
      namespaces: ['checkout'],
      module: page,
      page: { match, data: data() },
    });
    expect((site.store.getState() as unknown as { checkout: CheckoutState }).checkout).toEqual(CHECKOUT_INITIAL_STATE);
    const monthly = screen.getByRole('button', { name: `${texts.selected_plan} ${texts.plan_names['1Y']}` });
    expect(monthly).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`${texts.plan_names['1M']}$`) }));
    expect(screen.getByRole('button', { name: `${texts.selected_plan} ${texts.plan_names['1M']}` })).toHaveAttribute('aria-pressed', 'true');
    expect((site.store.getState() as unknown as { checkout: CheckoutState }).checkout.cardType).toBe('1M');
  });

  it('applies a coupon the API accepts, and removes it again', async () => {
    answerApi({ cscode: 200, coupon: COUPON });
    renderWithShell(<CheckoutPage {...match} data={data()} />, {
      path: '/checkout',
      namespaces: ['checkout'],
      module: page,
      page: { match, data: data() },
    });
    const field = screen.getByRole('textbox', { name: /coupon/i });
    fireEvent.change(field, { target: { value: 'save10' } });
    expect(field).toHaveValue('SAVE10');
    fireEvent.click(screen.getByRole('button', { name: texts.coupon_apply }));
    const summary = screen.getByRole('complementary');
    await waitFor(() => expect(within(summary).getByTestId('total')).toHaveTextContent('$79.90'));
    expect(requests).toEqual([{ url: '/api/checkout/coupon', body: { code: 'SAVE10', pid: toPlanId('win', '1Y'), product: 'aio' } }]);
    fireEvent.click(screen.getByRole('button', { name: texts.coupon_remove }));
    expect(field).toHaveValue('');
    expect(within(summary).getByTestId('total')).toHaveTextContent('$89.90');
  });
});
