import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sendFile, type SendFileOptions } from './static-files.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sendFile', () => {
  let root: string;
  let server: Server;
  let options: SendFileOptions = {};
  const refused: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'static-'));
    await writeFile(path.join(root, 'main.js'), 'plain');
    await writeFile(path.join(root, 'main.js.br'), 'brotli');
    await writeFile(path.join(root, 'main.js.gz'), 'gzip');
    server = createServer((req, res) => {
      void sendFile(res, root, 'main.js', req.method ?? 'GET', { ...options, acceptEncoding: req.headers['accept-encoding'] }).then((sent) => {
        if (!sent) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (acceptEncoding?: string, ifNoneMatch?: string) =>
    new Promise<{ status: number; encoding: string | undefined; etag: string | undefined; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const headers: Record<string, string> = {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
      };
      request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        let body = '';
        res.setEncoding('latin1').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], etag: res.headers.etag, body }));
      })
        .on('error', reject)
        .end();
    });

  it.each([
    [undefined, 'plain'],
    ['gzip, br', 'brotli'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['*;q=0', 'plain'],
    ['identity;q=0, br;q=0', 'plain'],
  ])('sends the twin Accept-Encoding %p asks for: %s', async (header, body) => {
    options = {};
    expect((await get(header)).body).toBe(body);
  });

  it('sends a release file only while its bytes match the hash its build recorded', async () => {
    options = {
      readRecordedHash: async (relative) =>
        ({ 'main.js': sha256('plain'), 'main.js.br': sha256('brotli'), 'main.js.gz': sha256('changed') })[relative],
      onMismatch: (relative) => refused.push(relative),
    };
    expect(await get('br')).toMatchObject({ status: 200, encoding: 'br', body: 'brotli' });
    expect(await get('identity')).toMatchObject({ status: 200, body: 'plain' });
    expect((await get('gzip')).status).toBe(404);
    expect(refused).toEqual(['main.js.gz']);
    options = { readRecordedHash: async () => undefined };
    expect((await get('identity')).status).toBe(404);
  });

  it('tags each twin, and answers 304 without a body while the client holds the same bytes', async () => {
    options = {};
    const brotli = await get('br');
    const plain = await get();
    expect(brotli.etag).toMatch(/^W\/".+"$/);
    expect(plain.etag).toMatch(/^W\/".+"$/);
    expect(brotli.etag).not.toBe(plain.etag);
    expect(await get('br', brotli.etag)).toMatchObject({ status: 304, etag: brotli.etag, body: '' });
    expect(await get('br', `"other", ${brotli.etag}`)).toMatchObject({ status: 304, body: '' });
    expect(await get('br', '"other"')).toMatchObject({ status: 200, body: 'brotli' });
    // The identity bytes were asked for with the Brotli twin's tag: a full answer, never a 304 for other bytes.
    expect(await get(undefined, brotli.etag)).toMatchObject({ status: 200, body: 'plain' });
  });

  it('tags a release file with the hash its build recorded, the same on every instance', async () => {
    options = { readRecordedHash: async (relative) => ({ 'main.js': sha256('plain'), 'main.js.br': sha256('brotli') })[relative] };
    expect(await get('br')).toMatchObject({ status: 200, etag: `"${sha256('brotli')}"` });
    expect(await get('br', `"${sha256('brotli')}"`)).toMatchObject({ status: 304, body: '' });
    expect(await get('identity', `"${sha256('brotli')}"`)).toMatchObject({ status: 200, etag: `"${sha256('plain')}"`, body: 'plain' });
  });
});
