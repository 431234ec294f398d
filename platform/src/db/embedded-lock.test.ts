import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock.ts';

function freshDataDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'embedded-lock-')), 'pglite');
}

describe('one process per embedded database (docs/operations.md)', () => {
  test('the lock names this process and is removed on release, once', () => {
    const dataDir = freshDataDir();
    const release = lockEmbeddedDatabase(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    expect(() => release()).not.toThrow();
  });

  test('a folder held by another live process is refused with its pid', () => {
    const dataDir = freshDataDir();
    writeFileSync(`${dataDir}.lock`, '4242');
    const attempt = () => lockEmbeddedDatabase(dataDir, (pid) => pid === 4242);
    expect(attempt).toThrow(EmbeddedDatabaseInUseError);
    expect(attempt).toThrow(/open in process 4242/);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe('4242');
  });

  test('this process cannot open the same folder twice', () => {
    const dataDir = freshDataDir();
    const release = lockEmbeddedDatabase(dataDir);
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(EmbeddedDatabaseInUseError);
    release();
  });

  test.each([
    ['a process that is gone', '4242'],
    ['an unreadable lock', 'not a pid'],
  ])('the lock of %s is taken over', (_case, content) => {
    const dataDir = freshDataDir();
    writeFileSync(`${dataDir}.lock`, content);
    const release = lockEmbeddedDatabase(dataDir, () => false);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  test('a release after another process took the lock over leaves its lock alone', () => {
    const dataDir = freshDataDir();
    const release = lockEmbeddedDatabase(dataDir);
    writeFileSync(`${dataDir}.lock`, '4242');
    release();
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe('4242');
  });
});
