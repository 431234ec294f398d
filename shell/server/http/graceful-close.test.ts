import { describe, expect, it } from '@jest/globals';
import { Agent, createServer, request, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { watchConnections, type GracefulServer } from './graceful-close.ts';

/** A server answering after `delayMs` (a `?slow` request after 300 ms). */
async function startServer(delayMs: number): Promise<{ server: Server; graceful: GracefulServer; port: number }> {
  const server = createServer((req, res) => {
    setTimeout(() => res.end('ok'), req.url?.includes('slow') ? 300 : delayMs);
  });
  const graceful = watchConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, graceful, port: (server.address() as AddressInfo).port };
}

/** A raw kept-alive connection: writes requests and collects everything the server sends until it closes. */
async function openConnection(port: number): Promise<{ socket: Socket; received: () => string; ended: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`${text}[${error.code}]`));
    socket.on('close', () => resolve(text));
  });
  return { socket, received: () => text, ended };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET on a kept-alive agent: its status and `Connection` header, or the error's code. */
function get(port: number, agent: Agent, path = '/'): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('closeGracefully', () => {
  it('loses no request of busy kept-alive clients: each is answered, the later ones with Connection: close, then refused', async () => {
    const { graceful, port } = await startServer(2);
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: { status?: number; connection?: string; error?: string; afterClose: boolean }[] = [];
    let closing = false;
    const client = async () => {
      for (;;) {
        const afterClose = closing;
        const outcome = await get(port, agent);
        outcomes.push({ ...outcome, afterClose });
        // Once the server no longer accepts, a client goes elsewhere (another worker, another instance).
        if (outcome.error) return;
      }
    };
    const clients = Array.from({ length: 16 }, client);
    // Every client has its connection and uses it (a connection still in the listen backlog is reset when listening stops).
    while (outcomes.length < 160) await new Promise((resolve) => setTimeout(resolve, 10));
    closing = true;
    const closed = graceful.close({ idleMs: 200, graceMs: 5_000 });
    await Promise.all(clients);
    await closed;
    agent.destroy();

    const failures = outcomes.filter((outcome) => outcome.error && outcome.error !== 'ECONNREFUSED');
    expect(failures).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(100);
    // Requests sent after the close began were answered with Connection: close.
    expect(outcomes.filter((outcome) => outcome.afterClose && outcome.status === 200).every((outcome) => outcome.connection === 'close')).toBe(true);
  });

  it('lets a slow request finish (told to close its connection), closes a silent kept-alive connection after idleMs, and resolves once all have ended', async () => {
    const { graceful, port } = await startServer(1);
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // Two connections kept alive: one goes silent, the other carries a slow request across the close.
    await Promise.all([get(port, agent), get(port, agent)]);
    const slow = get(port, agent, '/?slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const report = await graceful.close({ idleMs: 100, graceMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report).toMatchObject({ inFlightAtClose: 1, answered: 1, idleClosed: 1, cut: [] });
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    agent.destroy();
  });

  it('cuts what is still open after graceMs', async () => {
    const server = createServer(() => undefined);
    const graceful = watchConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hanging = get((server.address() as AddressInfo).port, new Agent({ keepAlive: true }), '/hangs');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const report = await graceful.close({ idleMs: 50, graceMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect((await hanging).error).toBe('ECONNRESET');
    expect(report.cut).toEqual([expect.objectContaining({ request: 'GET /hangs' })]);
  });

  it('answers the next request of a connection whose answer ended just before a silence check (the rollover race)', async () => {
    // An answer streaming when the close begins (headers sent: kept alive), ending between two checks; the client
    // sends its next request on the same connection a moment after a check. Closing whatever is idle at a check
    // cuts the connection under the client's request (wrk counted a read error during rollovers).
    let streaming: ServerResponse | undefined;
    const server = createServer((req, res) => {
      if (req.url !== '/stream') return void res.end('ok');
      streaming = res;
      res.write('a');
    });
    const graceful = watchConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = await openConnection((server.address() as AddressInfo).port);
    connection.socket.write('GET /stream HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!streaming) await wait(5);
    const closed = graceful.close({ idleMs: 300, graceMs: 5_000 });
    // A check runs at 300 ms and at 600 ms at the latest: the answer ends at 450 ms, the next request comes at 675 ms.
    await wait(450);
    streaming.end('b');
    await wait(225);
    expect(connection.received()).toMatch(/connection: keep-alive/i);
    connection.socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await connection.ended;
    await closed;
    const second = text.slice(text.lastIndexOf('HTTP/1.1'));
    expect(second).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(second).toMatch(/connection: close/i);
    expect(second.endsWith('ok')).toBe(true);
  });

  it('tells a request already under way when the close begins to close its connection, unless its headers are sent', async () => {
    const pending: ServerResponse[] = [];
    const server = createServer((_req, res) => void pending.push(res));
    const graceful = watchConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = await openConnection((server.address() as AddressInfo).port);
    connection.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    while (pending.length === 0) await wait(5);
    const closed = graceful.close({ idleMs: 100, graceMs: 5_000 });
    pending[0]!.end('ok');
    const text = await connection.ended;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(text).toMatch(/connection: close/i);
    expect(await closed).toMatchObject({ inFlightAtClose: 1, answered: 1, idleClosed: 0, cut: [] });
  });
});
