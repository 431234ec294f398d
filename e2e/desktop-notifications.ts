import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A desktop notification server for journeys: a private D-Bus session bus (`dbus-daemon`) with a stand-in that
 * owns `org.freedesktop.Notifications`, the service Chromium on Linux hands every notification to. It records
 * what Chromium shows and clicks a notification the way a desktop does, by the `ActionInvoked` signal, so the
 * page's service worker gets a real `notificationclick` (with the user activation `clients.openWindow` needs),
 * which a script can never dispatch. Speaks just enough of the D-Bus wire protocol for that: external
 * authentication, `Hello`, `RequestName`, the four methods Chromium calls and two signals.
 */

/** A notification as Chromium sent it to the desktop. */
export interface DesktopNotification {
  id: number;
  appName: string;
  summary: string;
  body: string;
  actions: string[];
}

export interface DesktopNotificationServer {
  /** For Chromium's environment: `DBUS_SESSION_BUS_ADDRESS`. */
  readonly address: string;
  readonly shown: readonly DesktopNotification[];
  readonly closed: readonly number[];
  /** Clicks a notification's body, as a desktop does. */
  click(id: number): void;
  stop(): Promise<void>;
}

const NOTIFICATIONS_PATH = '/org/freedesktop/Notifications';
const NOTIFICATIONS_INTERFACE = 'org.freedesktop.Notifications';

const MessageType = { MethodCall: 1, MethodReturn: 2, Error: 3, Signal: 4 } as const;
type MessageType = (typeof MessageType)[keyof typeof MessageType];

const HeaderField = { Path: 1, Interface: 2, Member: 3, ErrorName: 4, ReplySerial: 5, Destination: 6, Sender: 7, Signature: 8 } as const;
type HeaderField = (typeof HeaderField)[keyof typeof HeaderField];

/** One D-Bus value to write: its single complete type and the value. */
type Value = ['y', number] | ['u' | 'i', number] | ['s' | 'o' | 'g', string] | ['as', string[]];

class Writer {
  private readonly bytes: number[] = [];

  get length(): number {
    return this.bytes.length;
  }

  align(boundary: number): void {
    while (this.bytes.length % boundary !== 0) this.bytes.push(0);
  }

  byte(value: number): void {
    this.bytes.push(value & 0xff);
  }

  uint32(value: number): void {
    this.align(4);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value >>> 0);
    this.bytes.push(...buffer);
  }

  string(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.uint32(encoded.length);
    this.bytes.push(...encoded, 0);
  }

  signature(value: string): void {
    this.byte(value.length);
    this.bytes.push(...Buffer.from(value, 'ascii'), 0);
  }

  value(entry: Value): void {
    switch (entry[0]) {
      case 'y':
        return this.byte(entry[1]);
      case 'u':
      case 'i':
        return this.uint32(entry[1]);
      case 'g':
        return this.signature(entry[1]);
      case 's':
      case 'o':
        return this.string(entry[1]);
      case 'as': {
        this.uint32(0);
        const lengthAt = this.bytes.length - 4;
        for (const item of entry[1]) this.string(item);
        const length = Buffer.alloc(4);
        length.writeUInt32LE(this.bytes.length - lengthAt - 4);
        this.bytes.splice(lengthAt, 4, ...length);
      }
    }
  }

  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

class Reader {
  offset = 0;
  private readonly buffer: Buffer;

  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }

  align(boundary: number): void {
    this.offset = Math.ceil(this.offset / boundary) * boundary;
  }

  byte(): number {
    return this.buffer.readUInt8(this.offset++);
  }

  uint32(): number {
    this.align(4);
    const value = this.buffer.readUInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  string(): string {
    const length = this.uint32();
    const value = this.buffer.toString('utf8', this.offset, this.offset + length);
    this.offset += length + 1;
    return value;
  }

  signature(): string {
    const length = this.byte();
    const value = this.buffer.toString('ascii', this.offset, this.offset + length);
    this.offset += length + 1;
    return value;
  }

  /** A header field's variant: only the basic types a header carries. */
  variant(): string | number {
    const type = this.signature();
    if (type === 'u') return this.uint32();
    if (type === 'g') return this.signature();
    return this.string();
  }

  stringArray(): string[] {
    const length = this.uint32();
    const end = this.offset + length;
    const items: string[] = [];
    while (this.offset < end) items.push(this.string());
    return items;
  }
}

interface Message {
  type: MessageType;
  serial: number;
  fields: Map<HeaderField, string | number>;
  body: Buffer;
}

/** The length of the first complete message in `buffer`, or 0 when it has not all arrived. */
function messageLength(buffer: Buffer): number {
  if (buffer.length < 16) return 0;
  const bodyLength = buffer.readUInt32LE(4);
  const fieldsLength = buffer.readUInt32LE(12);
  const total = Math.ceil((16 + fieldsLength) / 8) * 8 + bodyLength;
  return buffer.length >= total ? total : 0;
}

function decode(buffer: Buffer): Message {
  if (buffer.toString('ascii', 0, 1) !== 'l') throw new Error('The stand-in reads little-endian D-Bus messages only');
  const reader = new Reader(buffer);
  reader.offset = 1;
  const type = reader.byte() as MessageType;
  reader.offset = 4;
  const bodyLength = reader.uint32();
  const serial = reader.uint32();
  const fieldsLength = reader.uint32();
  const fieldsEnd = reader.offset + fieldsLength;
  const fields = new Map<HeaderField, string | number>();
  while (reader.offset < fieldsEnd) {
    reader.align(8);
    const code = reader.byte() as HeaderField;
    fields.set(code, reader.variant());
  }
  reader.offset = fieldsEnd;
  reader.align(8);
  return { type, serial, fields, body: buffer.subarray(reader.offset, reader.offset + bodyLength) };
}

function encode(type: MessageType, serial: number, fields: [HeaderField, Value][], body: Value[]): Buffer {
  const bodyWriter = new Writer();
  for (const value of body) bodyWriter.value(value);
  const bodyBytes = bodyWriter.toBuffer();
  const signature = body.map(([kind]) => kind).join('');
  const header = new Writer();
  header.byte('l'.charCodeAt(0));
  header.byte(type);
  header.byte(0);
  header.byte(1);
  header.uint32(bodyBytes.length);
  header.uint32(serial);
  const allFields: [HeaderField, Value][] = signature ? [...fields, [HeaderField.Signature, ['g', signature]]] : fields;
  const array = new Writer();
  for (const [code, value] of allFields) {
    array.align(8);
    array.byte(code);
    array.signature(value[0]);
    array.value(value);
  }
  // The field array starts at offset 16, a multiple of 8, so alignment inside it matches the message's.
  header.uint32(array.length);
  const head = Buffer.concat([header.toBuffer(), array.toBuffer()]);
  const padding = Buffer.alloc((8 - (head.length % 8)) % 8);
  return Buffer.concat([head, padding, bodyBytes]);
}

function waitForBusAddress(daemon: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    daemon.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(line.trim());
    });
    daemon.once('error', reject);
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}: install the Debian package dbus-daemon`)));
  });
}

/** Starts a private session bus and the notification stand-in on it. */
export async function startDesktopNotificationServer(): Promise<DesktopNotificationServer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'e2e-dbus-'));
  const socketPath = path.join(folder, 'bus');
  const daemon = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1', `--address=unix:path=${socketPath}`], {
    // Its complaints (an fd limit it may not raise in a container) are noise unless it fails to start.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await waitForBusAddress(daemon);

  const socket = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const uid = String(process.getuid?.() ?? 0);
  socket.write(Buffer.from([0]));
  socket.write(`AUTH EXTERNAL ${Buffer.from(uid).toString('hex')}\r\n`);
  await new Promise<void>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) =>
      chunk.toString().startsWith('OK ') ? resolve() : reject(new Error(`D-Bus refused us: ${chunk.toString()}`)),
    );
  });
  socket.write('BEGIN\r\n');

  let serial = 0;
  const send = (type: MessageType, fields: [HeaderField, Value][], body: Value[] = []) => socket.write(encode(type, ++serial, fields, body));
  const callBus = (member: string, body: Value[] = []) =>
    send(
      MessageType.MethodCall,
      [
        [HeaderField.Path, ['o', '/org/freedesktop/DBus']],
        [HeaderField.Interface, ['s', 'org.freedesktop.DBus']],
        [HeaderField.Member, ['s', member]],
        [HeaderField.Destination, ['s', 'org.freedesktop.DBus']],
      ],
      body,
    );
  const emit = (member: string, body: Value[]) =>
    send(
      MessageType.Signal,
      [
        [HeaderField.Path, ['o', NOTIFICATIONS_PATH]],
        [HeaderField.Interface, ['s', NOTIFICATIONS_INTERFACE]],
        [HeaderField.Member, ['s', member]],
      ],
      body,
    );

  const shown: DesktopNotification[] = [];
  const closed: number[] = [];
  let nextId = 1;
  const answer = (call: Message): Value[] | { error: string } => {
    const member = call.fields.get(HeaderField.Member);
    if (call.fields.get(HeaderField.Interface) !== NOTIFICATIONS_INTERFACE) return { error: 'org.freedesktop.DBus.Error.UnknownInterface' };
    const body = new Reader(call.body);
    switch (member) {
      case 'GetCapabilities':
        return [['as', ['actions', 'body', 'icon-static']]];
      case 'GetServerInformation':
        return [
          ['s', 'e2e-stand-in'],
          ['s', 'reelkeep'],
          ['s', '1.0'],
          ['s', '1.2'],
        ];
      case 'Notify': {
        const appName = body.string();
        const replacesId = body.uint32();
        body.string();
        const summary = body.string();
        const text = body.string();
        const actions = body.stringArray();
        const id = replacesId || nextId++;
        shown.push({ id, appName, summary, body: text, actions });
        return [['u', id]];
      }
      case 'CloseNotification': {
        const id = body.uint32();
        closed.push(id);
        emit('NotificationClosed', [
          ['u', id],
          ['u', 3],
        ]);
        return [];
      }
      default:
        return { error: 'org.freedesktop.DBus.Error.UnknownMethod' };
    }
  };

  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let length = messageLength(pending); length > 0; length = messageLength(pending)) {
      const message = decode(pending.subarray(0, length));
      pending = pending.subarray(length);
      if (message.type !== MessageType.MethodCall) continue;
      const sender = String(message.fields.get(HeaderField.Sender));
      const result = answer(message);
      const replyTo: [HeaderField, Value][] = [
        [HeaderField.ReplySerial, ['u', message.serial]],
        [HeaderField.Destination, ['s', sender]],
      ];
      if (Array.isArray(result)) send(MessageType.MethodReturn, replyTo, result);
      else send(MessageType.Error, [...replyTo, [HeaderField.ErrorName, ['s', result.error]]]);
    }
  });

  callBus('Hello');
  // DBUS_NAME_FLAG_DO_NOT_QUEUE: the bus is ours alone, so the name is granted at once.
  callBus('RequestName', [
    ['s', NOTIFICATIONS_INTERFACE],
    ['u', 4],
  ]);

  return {
    address,
    shown,
    closed,
    click(id) {
      emit('ActionInvoked', [
        ['u', id],
        ['s', 'default'],
      ]);
    },
    async stop() {
      socket.destroy();
      daemon.kill();
      await new Promise((resolve) => (daemon.exitCode === null ? daemon.once('exit', resolve) : resolve(undefined)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
