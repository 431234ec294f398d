import { describe, expect, it } from '@jest/globals';
import { checkSymbol, generateLicenceKey, normaliseLicenceKey } from './licence-key.ts';

describe('licence keys', () => {
  it('have the RK-XXXXX format and a valid check symbol', () => {
    for (let index = 0; index < 200; index += 1) {
      const key = generateLicenceKey();
      expect(key).toMatch(/^RK-[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
      expect(normaliseLicenceKey(key)).toBe(key);
    }
  });

  it('forgive case, spaces and look-alike letters', () => {
    const key = generateLicenceKey();
    expect(normaliseLicenceKey(key.toLowerCase().replace(/-/g, ' '))).toBe(key);
    const body = '0000000000000000001';
    const withO = `RK-OOOOO-00000-00000-0001${checkSymbol(body)}`;
    expect(normaliseLicenceKey(withO)).toBe(`RK-00000-00000-00000-0001${checkSymbol(body)}`);
  });

  it('refuse every single wrong symbol and every swap of neighbours but 0↔Z (Luhn mod N cannot see that one)', () => {
    const key = generateLicenceKey();
    const symbols = key.replace(/^RK-/, '').replace(/-/g, '');
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let position = 0; position < symbols.length; position += 1) {
      for (const replacement of alphabet) {
        if (replacement === symbols[position]) continue;
        const typo = symbols.slice(0, position) + replacement + symbols.slice(position + 1);
        expect(normaliseLicenceKey(typo)).toBeNull();
      }
      const pair = symbols.slice(position, position + 2);
      if (position + 1 < symbols.length && symbols[position] !== symbols[position + 1] && pair !== '0Z' && pair !== 'Z0') {
        const swapped = symbols.slice(0, position) + symbols[position + 1] + symbols[position] + symbols.slice(position + 2);
        expect(normaliseLicenceKey(swapped)).toBeNull();
      }
    }
  });

  it('refuse what is not a key', () => {
    for (const input of ['', 'RK-', 'hello', 'RK-UUUUU-00000-00000-00000', 'x'.repeat(100)]) expect(normaliseLicenceKey(input)).toBeNull();
  });
});
