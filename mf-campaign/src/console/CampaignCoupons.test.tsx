/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CampaignCouponDto, Translate } from '@reelkeep/shared-contracts';
import { CouponForm, CouponTable } from './CampaignCoupons.tsx';

/** The section's `t`, reading back each key (and its values), so a test sees which text goes where. */
const t = ((key: string, values?: Record<string, unknown>) => (values?.code ? `${key}:${String(values.code)}` : key)) as Translate;

const coupon = (code: string, terms: Partial<CampaignCouponDto> = {}): CampaignCouponDto => ({
  code,
  text: `note of ${code}`,
  discountCents: 2000,
  allowedTypes: [],
  minPriceCents: 0,
  show: true,
  campaignId: 'spring',
  startsAt: 0,
  endsAt: 1,
  ...terms,
});

afterEach(cleanup);

describe("the console's coupon table", () => {
  it('lists each coupon with its amount, plans, minimum price and note, under its column headers', () => {
    render(
      <CouponTable
        t={t}
        locale="en"
        id="spring"
        canManage={false}
        coupons={[coupon('REEL20'), coupon('LIFE40', { discountCents: 4000, allowedTypes: ['LFT', 'LFT_5'], minPriceCents: 14990, show: false })]}
      />,
    );
    const table = screen.getByRole('region', { name: 'coupons.heading' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['coupons.code', 'coupons.amount', 'coupons.plans', 'coupons.minPrice', 'coupons.shown', 'coupons.note']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['$20.00', 'coupons.allPlans', '—', 'coupons.yes', 'note of REEL20'],
      ['$40.00', 'campaign:pricing.plan_names.LFT, campaign:pricing.plan_names.LFT_5', '$149.90', 'coupons.no', 'note of LIFE40'],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives a manager a remove button per coupon, posting the campaign and the code', () => {
    render(<CouponTable t={t} locale="en" id="spring" canManage coupons={[coupon('REEL20')]} />);
    const remove = screen.getByRole('button', { name: 'coupons.removeCode:REEL20' });
    const form = remove.closest('form')!;
    expect(form.getAttribute('action')).toBe('/console/campaign/campaigns/coupon-remove');
    expect(Object.fromEntries(new FormData(form))).toEqual({ id: 'spring', code: 'REEL20' });
  });

  it('says so when the campaign has no coupon', () => {
    render(<CouponTable t={t} locale="en" id="spring" canManage coupons={[]} />);
    expect(screen.getByText('coupons.empty')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe("the console's coupon form", () => {
  it('asks for the amount but not the minimum price, and shows a new coupon by default', () => {
    render(<CouponForm t={t} id="spring" form={{ values: {}, problems: {} }} />);
    expect((screen.getByLabelText('coupons.amountUsd') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('coupons.minPriceUsd') as HTMLInputElement).required).toBe(false);
    expect((screen.getByLabelText('coupons.show') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps what was sent after a refusal and links each problem to its field', () => {
    render(<CouponForm t={t} id="spring" form={{ values: { code: 'X', amount: 'abc', minPrice: '5' }, problems: { amount: 'Not an amount' } }} />);
    const amount = screen.getByLabelText('coupons.amountUsd') as HTMLInputElement;
    expect(amount.value).toBe('abc');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('Not an amount');
    const minPrice = screen.getByLabelText('coupons.minPriceUsd') as HTMLInputElement;
    expect(minPrice.value).toBe('5');
    expect(minPrice.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByLabelText('coupons.show') as HTMLInputElement).checked).toBe(false);
  });
});
