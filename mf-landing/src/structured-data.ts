import { PLAN_TABLE, toPlanId } from '@reelkeep/shared-contracts';

/** schema.org SoftwareApplication of ReelKeep with its offers from the plan table (docs/routing.md "Structured data"). */
export function buildSoftwareApplication(description: string): Record<string, unknown> {
  return {
    '@type': 'SoftwareApplication',
    name: 'ReelKeep',
    operatingSystem: 'Windows 10, Windows 11, macOS 12 or later',
    applicationCategory: 'MultimediaApplication',
    description,
    offers: PLAN_TABLE.map((plan) => ({
      '@type': 'Offer',
      sku: toPlanId('win', plan.type),
      price: plan.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    })),
  };
}
