import * as z from 'zod';
import { readServiceFacts, type ServiceFacts } from '@reelkeep/shared-contracts/product-facts';
import catalogue from './services.json' with { type: 'json' };

/** The navigation groups of the service catalogue, in navigation order (docs/routing.md "Service catalogue"). */
export const SERVICE_GROUPS = ['hot', 'tv', 'anime', 'adult'] as const;
/** A navigation group: hot, TV, anime or adult. */
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

/** What one service of `services.json` says (docs/content.md, "Service catalogue"). */
const serviceEntrySchema = z.strictObject({
  /** Key in URLs: lowercase letters, digits and single hyphens only (e.g. `disney-plus`). */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** Display name, e.g. `Disney+`. */
  name: z.string().min(1),
  /** Where the service is mainly available ('global' or ISO country codes like 'US', 'JP'). */
  regions: z.array(z.union([z.literal('global'), z.string().regex(/^[A-Z]{2}$/)])).min(1),
  /** What the service mostly offers, for the landing page copy. */
  content: z.enum(['films-and-series', 'tv-channels', 'anime', 'user-videos', 'music-videos', 'sport', 'adult']),
});

/** `services.json`: every group once, each a list of services in navigation order. */
export const serviceCatalogueSchema = z.strictObject(
  Object.fromEntries(SERVICE_GROUPS.map((group) => [group, z.array(serviceEntrySchema).min(1)])) as Record<
    ServiceGroup,
    z.ZodArray<typeof serviceEntrySchema>
  >,
);

/** A service's entry of the catalogue, without the facts the product fact sheet holds. */
export type ServiceEntry = z.infer<typeof serviceEntrySchema> & { group: ServiceGroup };

/**
 * One streaming service with its own landing page at `/{slug}-downloader`: its catalogue entry and what ReelKeep
 * saves from it, read from the product fact sheet (docs/content.md "Product facts").
 */
export type Service = ServiceEntry & ServiceFacts;

/**
 * The catalogue read from its content: the file is checked against the schema when the module loads (a build
 * renders every page with it, so a bad entry fails the build); a slug that is not unique, or that the fact sheet
 * lacks, stops it too.
 */
export function readServiceCatalogue(content: unknown): Service[] {
  const parsed = serviceCatalogueSchema.parse(content);
  const services = SERVICE_GROUPS.flatMap((group) => parsed[group].map((entry): ServiceEntry => ({ ...entry, group })));
  const seen = new Set<string>();
  return services.map((entry) => {
    if (seen.has(entry.slug)) throw new Error(`services.json: ${entry.slug} is listed twice`);
    seen.add(entry.slug);
    const facts = readServiceFacts(entry.slug);
    if (!facts) throw new Error(`services.json: ${entry.slug} has no entry in the product fact sheet`);
    return { ...entry, ...facts };
  });
}

/** The service catalogue, in navigation order: hot, then TV, anime and adult. */
export const SERVICES: readonly Service[] = readServiceCatalogue(catalogue);

/** Finds a service by its slug. */
export function findService(slug: string): Service | undefined {
  return SERVICES.find((service) => service.slug === slug);
}

/** The services of one navigation group, in catalogue order. */
export function listServicesByGroup(group: ServiceGroup): Service[] {
  return SERVICES.filter((service) => service.group === group);
}
