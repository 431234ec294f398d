import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dbus from 'dbus-next';

/**
 * A desktop notification server for journeys: a private D-Bus session bus (`dbus-daemon`) with a stand-in that
 * owns `org.freedesktop.Notifications`, the service Chromium on Linux hands every notification to. It records
 * what Chromium shows and clicks a notification the way a desktop does, by the `ActionInvoked` signal, so the
 * page's service worker gets a real `notificationclick` (with the user activation `clients.openWindow` needs),
 * which a script can never dispatch. The D-Bus protocol (authentication, messages, the bus's own calls,
 * introspection) is `dbus-next`'s; this file only says what the service answers.
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
/** `NotificationClosed`'s reason: closed by a call to `CloseNotification`. */
const CLOSED_BY_CALL = 3;

/** The methods Chromium calls and the signals a desktop sends (Desktop Notifications Specification 1.2). */
class NotificationService extends dbus.interface.Interface {
  readonly shown: DesktopNotification[] = [];
  readonly closed: number[] = [];
  private nextId = 1;

  constructor() {
    super(NOTIFICATIONS_INTERFACE);
  }

  GetCapabilities(): string[] {
    return ['actions', 'body', 'icon-static'];
  }

  GetServerInformation(): string[] {
    return ['e2e-stand-in', 'reelkeep', '1.0', '1.2'];
  }

  Notify(appName: string, replacesId: number, _icon: string, summary: string, body: string, actions: string[]): number {
    const id = replacesId || this.nextId++;
    this.shown.push({ id, appName, summary, body, actions });
    return id;
  }

  CloseNotification(id: number): void {
    this.closed.push(id);
    this.NotificationClosed(id, CLOSED_BY_CALL);
  }

  NotificationClosed(id: number, reason: number): number[] {
    return [id, reason];
  }

  ActionInvoked(id: number, actionKey: string): [number, string] {
    return [id, actionKey];
  }
}
NotificationService.configureMembers({
  methods: {
    GetCapabilities: { inSignature: '', outSignature: 'as' },
    GetServerInformation: { inSignature: '', outSignature: 'ssss' },
    Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
    CloseNotification: { inSignature: 'u', outSignature: '' },
  },
  signals: {
    NotificationClosed: { signature: 'uu' },
    ActionInvoked: { signature: 'us' },
  },
});

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

  const bus = dbus.sessionBus({ busAddress: address });
  const service = new NotificationService();
  bus.export(NOTIFICATIONS_PATH, service);
  // DBUS_NAME_FLAG_DO_NOT_QUEUE: the bus is ours alone, so the name is granted at once.
  await bus.requestName(NOTIFICATIONS_INTERFACE, dbus.NameFlag.DO_NOT_QUEUE);

  return {
    address,
    shown: service.shown,
    closed: service.closed,
    click(id) {
      service.ActionInvoked(id, 'default');
    },
    async stop() {
      bus.disconnect();
      daemon.kill();
      await new Promise((resolve) => (daemon.exitCode === null ? daemon.once('exit', resolve) : resolve(undefined)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
