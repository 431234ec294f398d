import { findSquadOfPath, isContractCompatible, CONTRACT_VERSION, SQUADS, type SquadName } from '@reelkeep/shared-contracts';
import type { AnySquadApiModule } from './host-context.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Thrown when a module is not a usable API module of its squad; the message says why. */
export class ApiContractError extends Error {
  override name = 'ApiContractError';
}

/** Whether a route path belongs to a squad: its own `/api/<squad>/…` paths and the spec paths assigned to it. */
export function ownsPath(squad: SquadName, path: string): boolean {
  if (path.endsWith('/')) return path.startsWith(`/api/${squad}/`);
  return findSquadOfPath(path) === squad;
}

/**
 * Checks what a release's `api/api.cjs` exports (docs/releases.md "A squad's API"): a module of the
 * squad the release belongs to, built against a compatible contract, with a settings schema, routes that
 * are well formed and that stay inside the squad's own paths, and no route declared twice. Run at build,
 * at promotion (in a child process) and by the host when it loads a version.
 */
export function acceptApiModule(squad: SquadName, exported: unknown): AnySquadApiModule {
  const candidate = (exported as { default?: unknown } | null)?.default ?? exported;
  const module = candidate as Partial<AnySquadApiModule> | null;
  if (!module || typeof module !== 'object') throw new ApiContractError('its default export is not an API module');
  if (!(SQUADS as readonly string[]).includes(module.squad ?? '') || module.squad !== squad)
    throw new ApiContractError(`it is the API of ${String(module.squad)}, not of ${squad}`);
  if (typeof module.contractVersion !== 'string' || !isContractCompatible(module.contractVersion)) {
    throw new ApiContractError(`built against contract ${String(module.contractVersion)}, incompatible with the host's ${CONTRACT_VERSION}`);
  }
  if (!module.settings || typeof (module.settings as { safeParse?: unknown }).safeParse !== 'function')
    throw new ApiContractError('it declares no settings schema');
  if (!Array.isArray(module.routes)) throw new ApiContractError('it declares no routes');
  const seen = new Set<string>();
  for (const route of module.routes) {
    if (!route || !METHODS.has(route.method) || typeof route.path !== 'string' || typeof route.handle !== 'function')
      throw new ApiContractError(`a route is malformed: ${JSON.stringify(route)}`);
    if (!ownsPath(squad, route.path)) throw new ApiContractError(`${route.method} ${route.path} is not a path of the ${squad} squad`);
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new ApiContractError(`${key} is declared twice`);
    seen.add(key);
  }
  if (module.start !== undefined && typeof module.start !== 'function') throw new ApiContractError('start is not a function');
  if (module.stop !== undefined && typeof module.stop !== 'function') throw new ApiContractError('stop is not a function');
  return module as AnySquadApiModule;
}
