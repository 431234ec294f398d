import { describe, expect, it } from '@jest/globals';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { acceptPageModule, RemoteUnavailableError, withTimeout } from './page-modules.ts';

describe('acceptPageModule', () => {
  it('accepts a page module built against the same contract major', () => {
    const module = { remote: 'mf-blog', contractVersion: CONTRACT_VERSION.replace(/\.\d+$/, '.9'), pages: {} };
    expect(acceptPageModule('mf-blog', { default: module })).toBe(module);
  });

  it('refuses a module built against another contract major, saying why', () => {
    const module = { remote: 'mf-blog', contractVersion: '1.4.0', pages: {} };
    expect(() => acceptPageModule('mf-blog', { default: module })).toThrow(
      new RemoteUnavailableError('mf-blog', `built against contract 1.4.0, incompatible with the shell's contract ${CONTRACT_VERSION}`),
    );
  });

  it('refuses something that is not a page module', () => {
    expect(() => acceptPageModule('mf-blog', { default: () => null })).toThrow(/not a RemotePageModule/);
    expect(() => acceptPageModule('mf-blog', null)).toThrow(RemoteUnavailableError);
  });
});

describe('withTimeout', () => {
  it('rejects with the time-out error when the work is too slow', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, () => new Error('too slow'))).rejects.toThrow('too slow');
  });

  it('passes the result through when the work is in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000, () => new Error('too slow'))).resolves.toBe(42);
  });
});
