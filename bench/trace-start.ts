/**
 * `npm run bench:start -- [url ...]`: where a page's start spends the main thread. Loads each page in Chromium (a
 * 390 px phone), records a performance trace with the CPU profiler, and prints every task over 50 ms (a long task)
 * from the navigation until `TRACE_AFTER_MS` after the load event, with its blocking time (its length over 50 ms, as
 * in Total Blocking Time, which counts the tasks after the first contentful paint), what the browser did in it
 * (script evaluation, compilation, parsing, style and layout) and the functions that ran in it longest. A task's
 * length is its CPU time × 4, Lighthouse's mobile slowdown (`TRACE_CLOCK=wall`: Chromium slows the CPU itself).
 * `TRACE_RUNS` loads per page (3 by default); the totals are printed per run and as medians (docs/budgets.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

const CPU_SLOWDOWN = 4;
/**
 * `TRACE_CLOCK=cpu` (the default): the page runs at full speed and each task counts as its main thread's CPU time
 * times CPU_SLOWDOWN, as Lighthouse's simulation scales observed tasks; other processes on a shared machine then
 * hardly move the figures. `TRACE_CLOCK=wall`: Chromium slows the CPU 4 × itself and tasks count as they lasted.
 */
const WALL_CLOCK = process.env.TRACE_CLOCK === 'wall';
const LONG_TASK_MS = 50;
/** After the page's load event, tasks are recorded this much longer (hydration, the deferred regions and the tracker). */
const AFTER_HYDRATION_MS = Number(process.env.TRACE_AFTER_MS ?? 10_000);
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const VERBOSE = process.env.TRACE_VERBOSE === '1';
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** The thread's CPU time in the event, in µs. */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

interface TaskReport {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  /** Whether the task started after the first contentful paint (Total Blocking Time counts only those). */
  afterFirstPaint: boolean;
  kinds: Map<string, number>;
  /** Self time per function. */
  functions: Map<string, number>;
  /** Time per function with what it called (each function once per sample). */
  inclusive: Map<string, number>;
}

/**
 * `TRACE_SOURCE_MAPS`: folders (colon-separated) holding the scripts' `.map` files (a build with
 * `RK_BROWSER_SOURCE_MAPS=1`): functions are then named by their source file and line, not their minified name.
 */
const MAP_DIRS = (process.env.TRACE_SOURCE_MAPS ?? '').split(':').filter(Boolean);
const maps = new Map<string, SourceMapConsumer | null>();

async function readMap(file: string): Promise<SourceMapConsumer | null> {
  if (!maps.has(file)) {
    const dir = MAP_DIRS.find((candidate) => existsSync(path.join(candidate, `${file}.map`)));
    maps.set(file, dir ? await new SourceMapConsumer(JSON.parse(readFileSync(path.join(dir, `${file}.map`), 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(file)!;
}

async function nameFrame(frame: ProfileNode['callFrame']): Promise<string> {
  const file = frame.url ? (frame.url.split('/').pop() ?? '') : '';
  const map = file ? await readMap(file) : null;
  if (map && frame.lineNumber !== undefined) {
    const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    if (original.source) {
      const source = original.source
        .replace(/^.*node_modules\//, '')
        .replace(/^webpack:\/\/[^/]*\//, '')
        .replace(/^\.\//, '');
      return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}`;
}

async function recordTrace(session: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await session.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  await run();
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.end');
  await complete;
  return events;
}

const shortUrl = (url: string) => (url ? (url.split('/').pop() ?? url).slice(0, 48) : '(native)');

/** The long tasks of the renderer's main thread, from the navigation on, with what ran in each. */
async function analyse(events: TraceEvent[]): Promise<{ tasks: TaskReport[]; hydratedMs: number }> {
  const threadName = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((other) => other.pid === event.pid && other.name === 'navigationStart'),
  );
  if (!threadName) throw new Error('no renderer main thread in the trace');
  const { pid, tid } = threadName;
  const main = events.filter((event) => event.pid === pid && event.tid === tid);
  const navigationStart = Math.max(...main.filter((event) => event.name === 'navigationStart').map((event) => event.ts));
  const hydrated = events.find((event) => event.name === 'rk-hydrated' && event.pid === pid);
  const firstPaint = main.find((event) => event.name === 'firstContentfulPaint' && event.ts >= navigationStart);
  const lengthMs = (event: TraceEvent) => (WALL_CLOCK ? (event.dur ?? 0) : (event.tdur ?? event.dur ?? 0) * CPU_SLOWDOWN) / 1000;
  const tasks = main
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.ts >= navigationStart && lengthMs(event) > LONG_TASK_MS)
    .map((task) => ({
      task,
      report: {
        startMs: (task.ts - navigationStart) / 1000,
        durationMs: lengthMs(task),
        blockingMs: lengthMs(task) - LONG_TASK_MS,
        afterFirstPaint: firstPaint !== undefined && task.ts >= firstPaint.ts,
        kinds: new Map<string, number>(),
        functions: new Map<string, number>(),
        inclusive: new Map<string, number>(),
      },
    }));
  // What the browser did in each task: the self time of each kind of trace event nested in it.
  const KINDS = new Map([
    ['EvaluateScript', 'evaluate script'],
    ['v8.compile', 'compile'],
    ['v8.compileModule', 'compile'],
    ['v8.evaluateModule', 'evaluate script'],
    ['FunctionCall', 'function call'],
    ['TimerFire', 'function call'],
    ['FireIdleCallback', 'function call'],
    ['FireAnimationFrame', 'function call'],
    ['EventDispatch', 'function call'],
    ['v8.run', 'function call'],
    ['ParseHTML', 'parse HTML'],
    ['ParseAuthorStyleSheet', 'parse CSS'],
    ['UpdateLayoutTree', 'style'],
    ['Layout', 'layout'],
    ['PrePaint', 'paint'],
    ['Paint', 'paint'],
    ['Layerize', 'paint'],
    ['MajorGC', 'GC'],
    ['MinorGC', 'GC'],
    ['V8.GC_SCAVENGER', 'GC'],
    ['BlinkGC.AtomicPhase', 'GC'],
  ]);
  for (const { task, report } of tasks) {
    const end = task.ts + task.dur!;
    const inside = main
      .filter((event) => event.ph === 'X' && event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && KINDS.has(event.name))
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // Self time: an event's duration less that of the events nested directly inside it.
    const self = new Map(inside.map((event) => [event, event.dur ?? 0]));
    const open: TraceEvent[] = [];
    for (const event of inside) {
      while (open.length > 0 && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= event.ts) open.pop();
      const parent = open.at(-1);
      if (parent) self.set(parent, self.get(parent)! - (event.dur ?? 0));
      open.push(event);
    }
    for (const [event, micros] of self) {
      const kind = KINDS.get(event.name)!;
      report.kinds.set(kind, (report.kinds.get(kind) ?? 0) + Math.max(0, micros) / 1000);
    }
  }
  // Which functions ran: the CPU profiler's samples, each given to the task it falls in.
  const nodes = new Map<number, ProfileNode>();
  const profileStart = events.find((event) => event.name === 'Profile' && event.pid === pid);
  let sampleTs = Number((profileStart?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid)) {
    const data = chunk.args!.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (const [index, nodeId] of samples.entries()) {
      const previous = sampleTs;
      sampleTs += deltas[index] ?? 0;
      const node = nodes.get(nodeId);
      if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) continue;
      const owner = tasks.find(({ task }) => sampleTs >= task.ts && sampleTs <= task.ts + task.dur!);
      if (!owner) continue;
      const ms = (sampleTs - previous) / 1000;
      const name = await nameFrame(node.callFrame);
      owner.report.functions.set(name, (owner.report.functions.get(name) ?? 0) + ms);
      const seen = new Set<string>();
      for (let frame: ProfileNode | undefined = node; frame; frame = frame.parent === undefined ? undefined : nodes.get(frame.parent)) {
        if (frame.callFrame.functionName === '(root)') break;
        const label = await nameFrame(frame.callFrame);
        if (seen.has(label)) continue;
        seen.add(label);
        owner.report.inclusive.set(label, (owner.report.inclusive.get(label) ?? 0) + ms);
      }
    }
  }
  return { tasks: tasks.map(({ report }) => report), hydratedMs: hydrated ? (hydrated.ts - navigationStart) / 1000 : Number.NaN };
}

const top = (entries: Map<string, number>, count: number) =>
  [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const [first = 'http://127.0.0.1:3000/', ...rest] = process.argv.slice(2);
const urls = [first, ...rest];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const url of urls) {
    const totals: { longMs: number; blockingMs: number; afterPaintMs: number; count: number; hydratedMs: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      if (WALL_CLOCK) await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const events = await recordTrace(session, async () => {
        // No polling of the page while it starts (Playwright's selector engine runs on its main thread): a fixed wait.
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForTimeout(AFTER_HYDRATION_MS);
      });
      const { tasks, hydratedMs } = await analyse(events);
      const longMs = tasks.reduce((sum, task) => sum + task.durationMs, 0);
      const blockingMs = tasks.reduce((sum, task) => sum + task.blockingMs, 0);
      const afterPaintMs = tasks.filter((task) => task.afterFirstPaint).reduce((sum, task) => sum + task.blockingMs, 0);
      totals.push({ longMs, blockingMs, afterPaintMs, count: tasks.length, hydratedMs });
      console.log(
        `${url} run ${run + 1}: ${tasks.length} long tasks, ${longMs.toFixed(0)} ms long, ${blockingMs.toFixed(0)} ms blocking (${afterPaintMs.toFixed(0)} after the first paint); hydrated at ${hydratedMs.toFixed(0)} ms`,
      );
      for (const task of tasks) {
        console.log(
          `  at ${task.startMs.toFixed(0).padStart(5)} ms  ${task.durationMs.toFixed(0).padStart(4)} ms (blocking ${task.blockingMs.toFixed(0)}${task.afterFirstPaint ? '' : ', before the first paint'}): ${top(task.kinds, 4)}`,
        );
        if (VERBOSE || run === 0) {
          console.log(`      self: ${top(task.functions, 8)}`);
          console.log(`      with callees: ${top(task.inclusive, 12)}`);
        }
      }
      await context.close();
    }
    console.log(
      `${url} median of ${RUNS}: ${median(totals.map((total) => total.count))} long tasks, ${median(totals.map((total) => total.longMs)).toFixed(0)} ms long, ` +
        `${median(totals.map((total) => total.blockingMs)).toFixed(0)} ms blocking (${median(totals.map((total) => total.afterPaintMs)).toFixed(0)} after the first paint), hydrated at ${median(totals.map((total) => total.hydratedMs)).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
}
