/** Waiting for the topology's parts, and stopping them by pid (every part is a real server started by pid). */

/** Resolves once `check` answers true (a check that throws counts as false); fails after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a process with this pid runs (and may be signalled). */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends `signal` to `pid` (if it runs) and waits until it is gone. */
export async function stopPid(pid: number, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> {
  if (!pid || !isRunning(pid)) return;
  process.kill(pid, signal);
  await waitUntil(async () => !isRunning(pid), timeoutMs, `process ${pid} to stop`).catch(() => process.kill(pid, 'SIGKILL'));
  await waitUntil(async () => !isRunning(pid), 5_000, `process ${pid} to be killed`);
}
