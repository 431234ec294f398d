import { describe, expect, it } from '@jest/globals';
import { readTrackingAnswer } from './tracking-contract.ts';

describe('the tracking endpoint’s answer', () => {
  it('reads the identifiers it hands out', () => {
    const data = { doc_id: '7', visit_timestamp: 1_790_000_000_000, tmp_token_id: 'tid', s_id: 'sid', s_expiration: 1_790_000_900_000 };
    expect(readTrackingAnswer({ cscode: 0, data })).toEqual({ cscode: 0, data: { ...data, token_id: undefined } });
  });

  it('keeps the cscode but no identifiers when the data does not fit', () => {
    expect(readTrackingAnswer({ cscode: 0, data: { doc_id: 7, visit_timestamp: 1 } })).toEqual({ cscode: 0 });
    expect(readTrackingAnswer({ cscode: 0, data: { doc_id: '7', visit_timestamp: 1, s_id: 99 } })).toEqual({
      cscode: 0,
      data: { doc_id: '7', visit_timestamp: 1, tmp_token_id: undefined, token_id: undefined, s_id: undefined, s_expiration: undefined },
    });
  });

  it('is nothing without a cscode', () => {
    expect(readTrackingAnswer({ data: {} })).toBeNull();
    expect(readTrackingAnswer('ok')).toBeNull();
  });
});
