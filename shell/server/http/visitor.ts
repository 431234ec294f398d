import type { OsState } from '@reelkeep/shared-contracts';

/** A Mac's user agent, unless it is an iPhone's or iPad's (`APPLE_MOBILE_USER_AGENT`). The edge's VCL is generated from these. */
export const MAC_USER_AGENT = /Macintosh|Mac OS X/;
/** Apple phones and tablets, which name Mac OS X in their user agent too. */
export const APPLE_MOBILE_USER_AGENT = /iPhone|iPad|iPod/;
/** A 64-bit Windows (or any 64-bit) user agent. */
export const SIXTY_FOUR_BIT_USER_AGENT = /Win64|x64|WOW64|x86_64|amd64|arm64|aarch64/i;

/** Detects the visitor's OS from the user agent (installer and plans for the detected OS: docs/frame.md "Visitor's OS"). */
export function detectOs(userAgent: string | undefined): OsState {
  const ua = userAgent ?? '';
  const mac = MAC_USER_AGENT.test(ua) && !APPLE_MOBILE_USER_AGENT.test(ua);
  const is64Bit = mac || SIXTY_FOUR_BIT_USER_AGENT.test(ua);
  return { os: mac ? 'mac' : 'win', is64Bit };
}
