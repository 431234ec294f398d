import { describe, expect, it } from '@jest/globals';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie by its exact name, decoded, in a header or document.cookie', () => {
    expect(readCookie('a=1; rk_lang=ja; b=2', 'rk_lang')).toBe('ja');
    expect(readCookie('_EA_PATH_TRK=%2Ffr%2Fblog%2C%2F; x=1', '_EA_PATH_TRK')).toBe('/fr/blog,/');
    expect(readCookie('token=a=b=c', 'token')).toBe('a=b=c');
    expect(readCookie('_T_EA_GUID=x; EA_GUID=y', 'EA_GUID')).toBe('y');
    expect(readCookie('empty=', 'empty')).toBe('');
  });

  it('is undefined when the cookie is absent, the header missing, or the value not decodable', () => {
    expect(readCookie(undefined, 'rk_lang')).toBeUndefined();
    expect(readCookie(null, 'rk_lang')).toBeUndefined();
    expect(readCookie('rk_langs=ja', 'rk_lang')).toBeUndefined();
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBeUndefined();
  });
});
