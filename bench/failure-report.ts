/**
 * Names the failed requests of a load run (`npm run bench:memory`): wrk's report only counts them. wrk runs with
 * `WRK_FAILURES_SCRIPT`, which prints its socket errors by kind and the second and status of each failed answer;
 * the site runs at log level info, and its supervisor's and workers' lines say when a rollover started, what each
 * drained worker did with its connections (answered after the close, closed silent, cut at the end of the grace)
 * and which worker died of what. Each is placed against the release switches the benchmark made.
 */
import path from 'node:path';

/** The wrk script that prints the failures (bench/wrk-failures.lua). */
export const WRK_FAILURES_SCRIPT = path.join(import.meta.dirname, 'wrk-failures.lua');

/** wrk's failures by kind, and each failed answer (first 200 per thread). */
export interface WrkFailures {
  /** The connection could not be opened (refused: nothing listened). */
  connect: number;
  /** Reading failed or the connection closed before the whole answer (a reset or a close by the server). */
  read: number;
  /** Sending the request failed (the server had closed or reset the connection). */
  write: number;
  /** No whole answer within wrk's time-out (10 s). */
  timeout: number;
  /** Answers of 400 or more, at the second (clock time, in ms) wrk received them. */
  answers: { atMs: number; status: number }[];
}

/** The failure lines of `WRK_FAILURES_SCRIPT` in wrk's output (undefined when the script did not run). */
export function parseWrkFailures(output: string): WrkFailures | undefined {
  const counts = /^wrk failures: connect (\d+), read (\d+), write (\d+), timeout (\d+)/m.exec(output);
  if (!counts) return undefined;
  const answers = [...output.matchAll(/^wrk failed answer: (\d+) (\d+)$/gm)].map((match) => ({
    atMs: Number(match[1]) * 1000,
    status: Number(match[2]),
  }));
  return { connect: Number(counts[1]), read: Number(counts[2]), write: Number(counts[3]), timeout: Number(counts[4]), answers };
}

/** One line of the site's log worth placing against the switches. */
export interface SiteEvent {
  atMs: number;
  text: string;
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * The events of the site's JSON log lines (shell/server/workers.ts, shell/server/main.ts): rollovers, drains
 * (with what each worker did with its connections), worker exits, and every warning or error.
 */
export function readSiteEvent(line: string): SiteEvent | undefined {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const atMs = Date.parse(String(entry.time));
  if (Number.isNaN(atMs)) return undefined;
  const message = String(entry.msg);
  if (message === 'releases switched: starting workers on the new releases')
    return { atMs, text: `rollover ${num(entry.generation)} started ${num(entry.workers)} workers` };
  if (message === 'releases switched: older workers finish their requests and exit')
    return { atMs, text: `${num(entry.draining)} older workers told to drain` };
  if (message === 'connections drained' || message === 'connections cut at the end of the shutdown grace') {
    const cut = Array.isArray(entry.cut) ? (entry.cut as { request?: string }[]) : [];
    const cutText =
      cut.length === 0 ? '0 cut' : `${cut.length} cut at the end of the grace (${cut.map((each) => each.request ?? 'silent').join(', ')})`;
    return {
      atMs,
      text: `worker pid ${num(entry.pid)} drained: ${num(entry.inFlightAtClose)} under way at the close, ${num(entry.answered)} answered after it, ${num(entry.idleClosed)} silent connections closed, ${cutText}`,
    };
  }
  if (message.startsWith('a worker exited'))
    return { atMs, text: `worker pid ${num(entry.pid)} exited (code ${String(entry.code)}, signal ${String(entry.signal)}): ${message}` };
  if (entry.level === 'warn' || entry.level === 'error') return { atMs, text: `${String(entry.level)}: ${message}` };
  return undefined;
}

/** Where a moment falls in the run: seconds since the load started, and since the switch before it. */
export function placeInRun(atMs: number, run: { startedMs: number; switches: { atMs: number; action: string }[] }): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  let last = -1;
  run.switches.forEach((each, index) => {
    if (each.atMs <= atMs) last = index;
  });
  const since =
    last < 0 ? 'before the first switch' : `switch ${last + 1} (${run.switches[last]!.action}) + ${seconds(atMs - run.switches[last]!.atMs)}`;
  return `at ${seconds(atMs - run.startedMs)}, ${since}`;
}

/** The report's lines: failures by kind, each failed answer, then the site's events, each placed in the run. */
export function describeFailures(input: {
  wrk: WrkFailures | undefined;
  events: SiteEvent[];
  startedMs: number;
  switches: { atMs: number; action: string }[];
}): string[] {
  const { wrk } = input;
  const lines: string[] = [];
  if (!wrk) lines.push('Failures by kind: unknown (wrk did not run its failure script)');
  else {
    const byStatus = new Map<number, number>();
    for (const answer of wrk.answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const statuses = [...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    lines.push(
      `Failures by kind: answers of 400 or more: ${statuses}; socket errors: ${wrk.connect} connect (refused), ${wrk.read} read (reset or closed before the whole answer), ${wrk.write} write (reset or closed while sending), ${wrk.timeout} time-outs (no answer within 10 s)`,
    );
    for (const answer of wrk.answers) lines.push(`  answer ${answer.status} ${placeInRun(answer.atMs, input)} (to the second)`);
  }
  lines.push('Switches and the site’s events:');
  const timeline = [
    ...input.switches.map((each, index) => ({
      atMs: each.atMs,
      text: `switch ${index + 1}: ${each.action} at ${((each.atMs - input.startedMs) / 1000).toFixed(1)} s`,
    })),
    ...input.events.map((event) => ({ atMs: event.atMs, text: `  ${event.text}, ${placeInRun(event.atMs, input)}` })),
  ].sort((a, b) => a.atMs - b.atMs);
  for (const event of timeline) lines.push(`  ${event.text}`);
  return lines;
}
