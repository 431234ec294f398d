import { describe, expect, it } from '@jest/globals';
import { assignPlanPriceVariant } from './ab-test.ts';

const assign = (cookieHeader: string | undefined, query = '', clientIp = '198.51.100.7', open = true, secure = false) =>
  assignPlanPriceVariant({ cookieHeader, query: new URLSearchParams(query), clientIp, open, secure });

describe('A/B price variant (docs/commerce.md "Price experiment")', () => {
  it('splits new visitors by address, 50/50, and keeps them in their bucket', () => {
    const values = Array.from({ length: 400 }, (_, index) => assign(undefined, '', `10.0.${Math.floor(index / 256)}.${index % 256}`).value);
    const b = values.filter((value) => value === 'price_b').length;
    expect(values.every((value) => value === 'price_a' || value === 'price_b')).toBe(true);
    expect(b).toBeGreaterThan(150);
    expect(b).toBeLessThan(250);
    const first = assign(undefined);
    expect(first.setCookie).toMatch(/^abPlanPrice=price_[ab]; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(assign(undefined).value).toBe(first.value);
    expect(assign(`abPlanPrice=${first.value}`, '', '203.0.113.1')).toEqual({ value: first.value, setCookie: null });
  });

  it('marks returning and e-mail visitors old, and takes a query value', () => {
    expect(assign('elk_token_id=abc').value).toBe('old');
    expect(assign('review_category_page_new=1,2').value).toBe('old');
    expect(assign(undefined, 'email=a%40b.example').value).toBe('old');
    expect(assign('abPlanPrice=price_a', 'abPlanPrice=price_b')).toMatchObject({ value: 'price_b' });
    // docs/experiments.md "Old visitors": arriving with abPlanPrice, even an unknown value, marks the visitor old.
    expect(assign(undefined, 'abPlanPrice=free').value).toBe('old');
  });

  it('clears the cookie while the experiment is closed', () => {
    expect(assign('abPlanPrice=price_b', '', '1.1.1.1', false)).toEqual({
      value: 'old',
      setCookie: 'abPlanPrice=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    });
    expect(assign(undefined, '', '1.1.1.1', false)).toEqual({ value: 'old', setCookie: null });
  });

  it('writes and clears the cookie with Secure on an HTTPS site (docs/security.md "Cookies")', () => {
    expect(assign(undefined, 'abPlanPrice=price_b', '1.1.1.1', true, true).setCookie).toBe(
      'abPlanPrice=price_b; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax',
    );
    expect(assign('abPlanPrice=price_b', '', '1.1.1.1', false, true).setCookie).toBe(
      'abPlanPrice=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    );
  });
});
