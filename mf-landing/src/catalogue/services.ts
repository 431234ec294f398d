/** A navigation group of the service catalogue (spec §2: hot, TV, anime and adult lists). */
export type ServiceGroup = 'hot' | 'tv' | 'anime' | 'adult';

/** One streaming service with its own landing page at `/{slug}-downloader`. */
export interface Service {
  slug: string;
  name: string;
  group: ServiceGroup;
}

/** The service catalogue. */
export const SERVICES: readonly Service[] = [
  { slug: 'netflix', name: 'Netflix', group: 'hot' },
  { slug: 'disney-plus', name: 'Disney+', group: 'hot' },
  { slug: 'amazon-prime-video', name: 'Prime Video', group: 'hot' },
];

/** Finds a service by its slug. */
export function findService(slug: string): Service | undefined {
  return SERVICES.find((service) => service.slug === slug);
}
