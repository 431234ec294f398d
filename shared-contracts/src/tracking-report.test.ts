import { describe, expect, it } from '@jest/globals';
import { findEventReportEntry, findLinkedPlanId, findTrackingReportEntry } from './tracking-report.ts';

describe('spec: the tracking report entry looked up by pid', () => {
  it.each([
    [
      '107211Y',
      undefined,
      { pid: '107211Y', name: 'aio', os: 'win', type: '1Y', category: 'subscription', category_item: '12_months', shorthand: 'W-1Y' },
    ],
    [
      '107211M',
      'netflix',
      { pid: '107211M', name: 'netflix', os: 'win', type: '1M', category: 'subscription', category_item: '1_months', shorthand: 'W-1M' },
    ],
    [
      '10781LFT_3',
      undefined,
      { pid: '10781LFT_3', name: 'aio', os: 'mac', type: 'LFT_3', category: 'lifetime', category_item: '3_devices', shorthand: 'M-LFT_3' },
    ],
    [
      '10721LFT',
      undefined,
      { pid: '10721LFT', name: 'aio', os: 'win', type: 'LFT', category: 'lifetime', category_item: '1_devices', shorthand: 'W-LFT' },
    ],
    [
      '107816M',
      '<b>',
      { pid: '107816M', name: 'aio', os: 'mac', type: '6M', category: 'subscription', category_item: '6_months', shorthand: 'M-6M' },
    ],
  ])('%s (product %s)', (pid, product, entry) => {
    expect(findTrackingReportEntry(pid, product)).toEqual(entry);
  });

  it.each(['', '10721', '99999LFT', '10721XYZ', '10721lft', '10721LFT_5 ', 'LFT'])('%j is no plan id', (pid) => {
    expect(findTrackingReportEntry(pid)).toBeNull();
  });

  it.each([
    ['?pid=10781LFT_5', '10781LFT_5'],
    ['?applied_id=107216M', '107216M'],
    ['?pid=nonsense&applied_id=107216M', '107216M'],
    ['?plan=1Y', '107211Y'],
    ['?plan=LFT_3&os=mac', '10781LFT_3'],
    ['?plan=forever', null],
    ['', null],
  ])('a checkout link %j names %s', (search, pid) => {
    expect(findLinkedPlanId(new URLSearchParams(search))).toBe(pid);
  });

  it.each([
    ['/fr/checkout?applied_id=10781LFT_3&product=netflix', { pid: '10781LFT_3', name: 'netflix', shorthand: 'M-LFT_3' }],
    ['/checkout?plan=1Y', { pid: '107211Y', name: 'aio' }],
    ['/checkout', null],
    ['https://elsewhere.example/checkout?pid=107211Y', null],
    [undefined, null],
  ])('an event whose target is %j reports %o', (target, entry) => {
    const found = findEventReportEntry(target);
    if (entry === null) expect(found).toBeNull();
    else expect(found).toMatchObject(entry);
  });
});
