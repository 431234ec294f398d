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

  const get = (acceptEncoding?: string) =>
    new Promise<{ status: number; encoding: string | undefined; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        let body = '';
        res.setEncoding('latin1').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], body }));
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
});
