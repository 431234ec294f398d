import { randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a key read aloud or typed is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 19;
const GROUP = 5;
/** `RK-XXXXX-XXXXX-XXXXX-XXXXX`: 19 random symbols (95 bits) and a check symbol. */
const KEY_PATTERN = /^RK-([0-9A-Z]{5})-([0-9A-Z]{5})-([0-9A-Z]{5})-([0-9A-Z]{5})$/;

/** Luhn mod 32 over the symbols: catches every single wrong symbol and every swap of neighbours (but 0↔Z). */
function luhnSum(symbols: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let index = symbols.length - 1; index >= 0; index -= 1) {
    const value = ALPHABET.indexOf(symbols[index]!);
    let addend = double ? value * 2 : value;
    addend = Math.floor(addend / ALPHABET.length) + (addend % ALPHABET.length);
    sum += addend;
    double = !double;
  }
  return sum;
}

/** The check symbol of a key body. */
export function checkSymbol(body: string): string {
  return ALPHABET[(ALPHABET.length - (luhnSum(body, true) % ALPHABET.length)) % ALPHABET.length]!;
}

const format = (symbols: string) => `RK-${symbols.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-')}`;

/** A new random licence key. */
export function generateLicenceKey(): string {
  let body = '';
  for (let index = 0; index < BODY_LENGTH; index += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return format(body + checkSymbol(body));
}

/**
 * Reads what a person typed or the desktop app sent as a licence key: case, spaces and the look-alikes
 * O→0, I/L→1 are forgiven; null when it is not a key or its check symbol is wrong.
 */
export function normaliseLicenceKey(input: string): string | null {
  if (input.length > 64) return null;
  let symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.startsWith('RK')) symbols = symbols.slice(2);
  if (symbols.length !== BODY_LENGTH + 1 || [...symbols].some((symbol) => !ALPHABET.includes(symbol))) return null;
  const key = format(symbols);
  return KEY_PATTERN.test(key) && luhnSum(symbols, false) % ALPHABET.length === 0 ? key : null;
}
