import { describe, expect, it } from '@jest/globals';
import {
  campaignCreateForm,
  campaignDetailQuery,
  campaignEndForm,
  campaignListQuery,
  campaignPreviewQuery,
  campaignScheduleForm,
  couponForm,
  utcMinuteInput,
} from './section-inputs.ts';

/** The field each refusal names (readInput shows the problem beside it). */
const problemPath = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues[0]?.path[0];

describe('the Campaigns section schemas', () => {
  it.each([
    ['2026-12-01T09:30', Date.UTC(2026, 11, 1, 9, 30)],
    [' 2026-12-01T09:30 ', Date.UTC(2026, 11, 1, 9, 30)],
    ['2026-12-01T09:30:00', null],
    ['2026-12-01 09:30', null],
    ['1999-12-31T23:59', null],
    ['2100-01-01T00:00', null],
    ['2026-13-01T00:00', null],
    ['', null],
  ])('reads the datetime-local value %p as UTC: %p', (value, expected) => {
    const result = utcMinuteInput.safeParse(value);
    expect(result.success ? result.data : null).toBe(expected);
  });

  const window = { startsAt: '2026-12-01T00:00', endsAt: '2026-12-08T00:00' };
  it.each([
    [{ id: 'spring', nameKey: 'demo', route: 'store', ...window }, null],
    [{ id: 'Spring', nameKey: 'demo', route: 'store', ...window }, 'id'],
    [{ id: 'x', nameKey: 'demo', route: 'store', ...window }, 'id'],
    [{ id: 'spring', nameKey: 'Demo!', route: 'store', ...window }, 'nameKey'],
    [{ id: 'spring', nameKey: 'demo', route: 'checkout', ...window }, 'route'],
    [{ id: 'spring', nameKey: 'demo', route: 'store', startsAt: window.endsAt, endsAt: window.startsAt }, 'endsAt'],
    [{ id: 'spring', nameKey: 'demo', route: 'store', startsAt: window.startsAt, endsAt: window.startsAt }, 'endsAt'],
  ])('a new campaign %j is refused on %p', (form, field) => {
    const result = campaignCreateForm.safeParse(form);
    expect(result.success ? null : problemPath(result)).toBe(field);
  });

  it('turns empty optional keys into none and a ticked box into true', () => {
    expect(campaignCreateForm.parse({ id: 'ab', nameKey: 'demo', navTitleKey: '', route: 'store', isImportant: 'on', ...window })).toMatchObject({
      navTitleKey: null,
      newsletterKey: null,
      isImportant: true,
      startsAt: Date.UTC(2026, 11, 1),
    });
    expect(campaignCreateForm.parse({ id: 'ab', nameKey: 'demo', route: 'store', ...window }).isImportant).toBe(false);
  });

  it('schedules only an end after the start, and ends only when confirmed', () => {
    expect(problemPath(campaignScheduleForm.safeParse({ startsAt: window.endsAt, endsAt: window.startsAt }))).toBe('endsAt');
    expect(campaignScheduleForm.parse(window)).toEqual({ startsAt: Date.UTC(2026, 11, 1), endsAt: Date.UTC(2026, 11, 8) });
    expect(campaignEndForm.safeParse({}).success).toBe(false);
    expect(campaignEndForm.safeParse({ confirm: 'no' }).success).toBe(false);
    expect(campaignEndForm.safeParse({ confirm: 'yes' }).success).toBe(true);
  });

  it.each([
    [
      { code: 'spring20', amount: '20' },
      { code: 'SPRING20', discountCents: 2000, minPriceCents: 0, allowedTypes: [], show: false, text: '' },
    ],
    [
      { code: 'LIFE-5', amount: '4.99', minPrice: '79.90', plan_LFT: 'on', plan_LFT_5: 'on', show: 'on', note: ' staff ' },
      { code: 'LIFE-5', discountCents: 499, minPriceCents: 7990, allowedTypes: ['LFT', 'LFT_5'], show: true, text: 'staff' },
    ],
    [{ code: 'ab', amount: '5' }, 'code'],
    [{ code: 'SAVE', amount: '0' }, 'amount'],
    [{ code: 'SAVE', amount: '-5' }, 'amount'],
    [{ code: 'SAVE', amount: '1.234' }, 'amount'],
    [{ code: 'SAVE', amount: '10001' }, 'amount'],
    [{ code: 'SAVE', amount: '5', minPrice: 'lots' }, 'minPrice'],
    [{ code: 'SAVE', amount: '5', note: 'two\nlines' }, 'note'],
  ])('a coupon %j reads as %j', (form, expected) => {
    const result = couponForm.safeParse(form);
    expect(result.success ? result.data : problemPath(result)).toEqual(expected);
  });

  it('reads the list, detail and preview queries with their defaults, refusing what they do not know', () => {
    expect(campaignListQuery.parse({})).toEqual({ sort: 'starts', dir: 'desc', page: 1 });
    expect(campaignListQuery.parse({ sort: 'name', dir: 'asc', page: '3', state: 'running' })).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 3,
      state: 'running',
    });
    expect(campaignListQuery.safeParse({ sort: 'price' }).success).toBe(false);
    expect(campaignListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(campaignDetailQuery.parse({})).toEqual({ preview: 'en' });
    expect(campaignDetailQuery.safeParse({ preview: 'xx' }).success).toBe(false);
    expect(campaignPreviewQuery.parse({ locale: 'zh', part: 'events' })).toEqual({ locale: 'zh', part: 'events' });
    expect(campaignPreviewQuery.safeParse({ locale: 'zh', part: 'page' }).success).toBe(false);
  });
});
