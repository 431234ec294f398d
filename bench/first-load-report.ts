/**
 * The handoff between bench/measure-landing-js.ts and bench/all.ts: the measuring script ends its table with one
 * total line, which the whole benchmark reads back as its first-load figure.
 */

/** Formats kB with one decimal, padded as the measuring script's table aligns them. */
export function formatKb(bytes: number): string {
  return (bytes / 1024).toFixed(1).padStart(6);
}

/** The total line: `153.4 kB gzip in 6 files (budget 150 kB)`. */
export function formatFirstLoadTotal(totalBytes: number, files: number, budgetKb: number): string {
  return `${formatKb(totalBytes)} kB gzip in ${files} files (budget ${budgetKb} kB)`;
}

const TOTAL_LINE = /^\s*([\d.]+) kB gzip in (\d+) files \(budget/m;

/** What the whole benchmark makes of one run of the measuring script: the figure, or why there is none. */
export type FirstLoadReading = { ok: true; kb: number; files: number } | { ok: false; problem: string };

/**
 * Reads the measuring script's output. A run over budget exits 1 and still has its figure; a run that printed no
 * total line failed before measuring, and its last error line says why (the whole benchmark prints it).
 */
export function readFirstLoadOutput(output: { stdout: string; stderr: string }): FirstLoadReading {
  const total = TOTAL_LINE.exec(output.stdout);
  if (total) return { ok: true, kb: Number(total[1]), files: Number(total[2]) };
  const reason = output.stderr
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^(\w*Error|[\w.]+):\s/.test(line));
  return { ok: false, problem: reason ?? (output.stderr.trim().split('\n').at(-1) || 'the measuring script printed no total') };
}
