import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { ConsoleModule } from '@reelkeep/shared-contracts/console';
import { ordersSection } from './orders-section.tsx';

/**
 * The checkout's `./console` (docs/console.md "Squad sections"): exposed by the release's server container only,
 * loaded by the host for the live version, promoted and rolled back with the rest of the checkout.
 */
export default { contractVersion: CONTRACT_VERSION, sections: [ordersSection] } satisfies ConsoleModule;
