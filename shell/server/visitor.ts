import type { OsState } from '@reelkeep/shared-contracts';

/** Detects the visitor's OS from the user agent (installer and plans for the detected OS: docs/frame.md "Visitor's OS"). */
export function detectOs(userAgent: string | undefined): OsState {
  const ua = userAgent ?? '';
  const mac = /Macintosh|Mac OS X/.test(ua) && !/iPhone|iPad|iPod/.test(ua);
  const is64Bit = mac || /Win64|x64|WOW64|x86_64|amd64|arm64|aarch64/i.test(ua);
  return { os: mac ? 'mac' : 'win', is64Bit };
}
