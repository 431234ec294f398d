/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type CampaignCouponDto, type FrameCampaignDto } from '@reelkeep/shared-contracts';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { CouponModal } from './CouponModal.tsx';

const translator = createI18n('en', {
  common: { dialog: { close: 'Close' } },
  campaign: {
    ui: {
      days_count_one: 'day',
      days_count_other: 'days',
      hours: 'hours',
      minutes: 'mins',
      seconds: 'secs',
      coupon_off: '{{amount}} off',
      coupon_any: 'On any plan',
      coupon_min: 'From {{min}}',
      coupon_lifetime: 'Lifetime from {{min}}',
    },
    dialogs: {
      coupon_heading: 'Extra savings',
      coupon_heading_last_day: 'Extra savings, today only',
      copy: 'Copy',
      copy_code: 'Copy the code {{code}}',
      copied: '{{code}} is copied.',
      copy_failed: 'Copy it yourself:',
      select_plan: 'Choose your plan',
      codes_expire_in: 'The codes expire in',
    },
  },
});
const campaign: FrameCampaignDto = {
  id: 'demo',
  title: 'Holiday sale: up to $40 off',
  name: 'Holiday sale',
  route: 'sales-campaign',
  thumb: null,
  background: null,
  endsAt: Date.UTC(2026, 11, 8, 12, 0, 0),
  isImportant: true,
  bannerHiddenOn: [],
  adsHiddenOn: [],
};
const coupon = (code: string, discountCents: number): CampaignCouponDto => ({
  code,
  text: '',
  discountCents,
  allowedTypes: [],
  minPriceCents: 0,
  show: true,
  campaignId: 'demo',
  startsAt: 0,
  endsAt: 1,
});

function renderModal(route: string, onClose: () => void = () => undefined) {
  return render(
    <I18nextProvider i18n={translator}>
      <button type="button">Before</button>
      <CouponModal
        campaign={campaign}
        coupons={[coupon('REEL40', 4000), coupon('REEL20', 2000)]}
        route={route}
        prefix="/de"
        locale="en"
        onClose={onClose}
      />
    </I18nextProvider>,
  );
}

const setClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  jest.useRealTimers();
});

describe('CouponModal', () => {
  it('is a labelled modal that keeps Tab inside and closes on Escape', () => {
    const onClose = jest.fn<() => void>();
    renderModal('netflix-downloader', onClose);
    const dialog = screen.getByRole('dialog', { name: 'Extra savings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.activeElement).toBe(dialog);
    const last = screen.getByRole('button', { name: 'Copy the code REEL20' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('after a copy, tips "copied" with the select-plan button to the checkout on the store page', async () => {
    const copied: string[] = [];
    setClipboard(async (text) => void copied.push(text));
    renderModal('store');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the code REEL20' })));
    expect(copied).toEqual(['REEL20']);
    expect(screen.getByRole('status')).toHaveTextContent('REEL20 is copied.');
    expect(screen.getByRole('link', { name: 'Choose your plan' })).toHaveAttribute('href', '/de/checkout?source=coupon_modal&coupon=REEL20');
  });

  it('when the clipboard refuses, shows the code to copy by hand, and the button goes to the coupon on the campaign page', async () => {
    setClipboard(() => Promise.reject(new Error('denied')));
    renderModal('netflix-downloader');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the code REEL40' })));
    const tip = screen.getByRole('status');
    expect(tip).toHaveTextContent('Copy it yourself: REEL40');
    expect(screen.getByRole('link', { name: 'Choose your plan' })).toHaveAttribute('href', '/de/sales-campaign#coupon-1');
  });

  it('counts down to the end of the sale, days included, and never says "today only" while the codes run for days', () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 24, 22, 58, 30) });
    renderModal('netflix-downloader');
    expect(screen.getByRole('dialog', { name: 'Extra savings' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('The codes expire in13days13hours01mins30secs');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('timer')).toHaveTextContent('13days13hours01mins28secs');
  });

  it('on the sale\'s last UTC day, says "today only" and counts the hours left', () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 11, 8, 10, 59, 59) });
    renderModal('netflix-downloader');
    expect(screen.getByRole('dialog', { name: 'Extra savings, today only' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('The codes expire in01hours00mins01secs');
    expect(screen.getByRole('timer')).not.toHaveTextContent('day');
  });
});
