/** The end of `npm run test:e2e` (run-journeys.ts): what failed, read from the merged JSON report. */
import { readFile } from 'node:fs/promises';

interface ReportSuite {
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: ReportSuite[];
}

/**
 * The journeys that failed, and those that passed only on their retry, as the last lines of the output: a CI log that
 * keeps only its end still names them and their first error line.
 */
export async function printOutcomes(reportFile: string): Promise<void> {
  const report = await readFile(reportFile, 'utf8').then(
    (text) => JSON.parse(text) as { suites?: ReportSuite[] },
    () => undefined,
  );
  if (!report) return;
  const lines: string[] = [];
  const visit = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const message = test.results.find((result) => result.error?.message)?.error?.message ?? '';
          const firstLine =
            message
              .replace(/\u001b\[[0-9;]*m/g, '')
              .split('\n')
              .find((line) => line.trim() !== '') ?? '';
          const verdict = test.status === 'unexpected' ? 'FAILED' : 'passed on retry';
          lines.push(`  ${verdict}: [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n      ${firstLine.trim().slice(0, 300)}`);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  console.log(lines.length === 0 ? 'journeys: none failed, none needed a retry' : `journeys that failed or needed a retry:\n${lines.join('\n')}`);
}
