import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import * as z from 'zod/mini';

/** The Nu HTML checker's jar, from the pinned `vnu-jar` package; Debian's Java runs it (its own JDK download is off). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * Rules where the checker lags the HTML standard (docs/toolchain.md "Where the Nu HTML checker lags"): an error
 * whose message and source extract both match an entry is the checker's, not the page's.
 */
export const CHECKER_LAGS: readonly { message: RegExp; extract: RegExp; reason: string }[] = [
  {
    message: /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
    extract: /<link rel="expect" href="#[^"]+" blocking="render">/,
    reason: 'HTML makes `<link rel="expect" blocking="render">` render-blocking (the "expect" link type); the checker knows only stylesheets',
  },
];

const messageSchema = z.object({
  type: z.string(),
  subType: z.optional(z.string()),
  url: z.optional(z.string()),
  lastLine: z.optional(z.number()),
  message: z.string(),
  extract: z.optional(z.string()),
});
const reportSchema = z.object({ messages: z.array(messageSchema) });

/** One error or warning of the checker, with the file it is in. */
export type CheckerError = z.infer<typeof messageSchema>;

/**
 * Checks HTML files with one start of the checker (one JVM for all of them, `--format json`) and returns its
 * errors and warnings, the checker's lags left out. Plain information (a `/>` on a void element) is not returned.
 */
export async function checkHtmlFiles(files: string[]): Promise<CheckerError[]> {
  const output = await new Promise<string>((resolve, reject) => {
    // The checker exits 1 when it found errors: its report on stderr is the answer either way.
    execFile('java', ['-jar', VNU_JAR, '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && 'code' in error && error.code === 'ENOENT')
        reject(new Error('java is missing: the Nu HTML checker needs it (apt-get install -y default-jre-headless)'));
      else if (error && stderr.trim() === '') reject(error);
      else resolve(stderr);
    });
  });
  return reportSchema
    .parse(JSON.parse(output))
    .messages.filter(({ type, subType }) => type === 'error' || type === 'non-document-error' || subType === 'warning')
    .filter(({ message, extract = '' }) => !CHECKER_LAGS.some((lag) => lag.message.test(message) && lag.extract.test(extract)));
}
