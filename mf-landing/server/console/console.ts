import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { ConsoleModule } from '@reelkeep/shared-contracts/console';
import { newsletterSection } from './newsletter-section.tsx';

/**
 * The landing squad's `./console` (docs/console.md "Squad sections"): exposed by the release's server container
 * only, loaded by the host for the live version, promoted and rolled back with the rest of the landing squad.
 */
export default { contractVersion: CONTRACT_VERSION, sections: [newsletterSection] } satisfies ConsoleModule;
