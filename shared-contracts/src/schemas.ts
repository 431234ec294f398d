import { z } from 'zod';
import { REMOTE_NAMES } from './routes.ts';
import { SQUADS } from './api-contract.ts';

/** A route of a squad's API as its release records it (what the host needs without loading the code). */
export const apiRouteInfoSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string(),
  callers: z.enum(['site', 'any']).optional(),
  maxBodyBytes: z.number().int().positive().optional(),
});

/** A release manifest written next to each build (`<app>/<version>/release.json`). */
export const releaseManifestSchema = z.object({
  app: z.union([z.enum(REMOTE_NAMES), z.literal('shell')]),
  version: z.string().regex(/^[0-9A-Za-z.+-]+$/),
  contractVersion: z.string(),
  builtAt: z.string(),
  /** sha256 of every file of the build, by path relative to the version folder. */
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
  /** The squad API the release carries (`api/api.cjs`), as checked when it was built. */
  api: z.object({ squad: z.enum(SQUADS), contractVersion: z.string(), routes: z.array(apiRouteInfoSchema) }).optional(),
  /** The SQL migrations the release carries (`migrations/`), in order. */
  migrations: z.array(z.string()).default([]),
});
/** A release manifest. */
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/** One switch of a live version. */
export const registryEventSchema = z.object({
  app: z.string(),
  /**
   * `canary`: a canary started or changed its share (docs/releases.md "Canary"); `canary-rollback`: it ended without
   * going live (`from` the canary, `to` the live version); a canary reaching 100 % is a `promote`.
   */
  action: z.enum(['promote', 'rollback', 'canary', 'canary-rollback']),
  from: z.string().nullable(),
  to: z.string(),
  at: z.string(),
  by: z.string(),
  /** The canary's share of visitors after the switch (canary events). */
  percent: z.number().min(0).max(100).optional(),
  /** Why a canary ended: the rule's verdict with its figures (`canary-rollback`). */
  reason: z.string().max(500).optional(),
});
/** One switch of a live version. */
export type RegistryEvent = z.infer<typeof registryEventSchema>;

/** A canary: a version serving `percent` % of visitors (a sticky cohort) while the live version serves the rest. */
export const canarySchema = z.object({
  version: z.string(),
  percent: z.number().min(0).max(100),
  /** The shares it goes through next, each after `CANARY_STEP_MS` of good health (empty: advanced by hand only). */
  steps: z.array(z.number().min(0).max(100)),
  /** When it started, and when its share last changed. */
  startedAt: z.string(),
  stepAt: z.string(),
  by: z.string(),
});
/** A canary in the registry. */
export type Canary = z.infer<typeof canarySchema>;

/**
 * The registry: for each app its live version and the versions live before it (newest last), plus every
 * switch. `revision` grows with every switch, so a reader can tell an older copy (a Redis restored from an old
 * snapshot) from the current one.
 */
export const registryStateSchema = z.object({
  revision: z.number().int().nonnegative().default(0),
  apps: z.record(
    z.string(),
    z.object({
      live: z.string(),
      previous: z.array(z.string()),
      /** A version serving a sticky share of visitors beside the live one (docs/releases.md "Canary"). */
      canary: canarySchema.optional(),
    }),
  ),
  history: z.array(registryEventSchema),
});
/** The registry's state. */
export type RegistryState = z.infer<typeof registryStateSchema>;
