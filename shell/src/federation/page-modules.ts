import { createContext, useContext } from 'react';
import { isContractCompatible, CONTRACT_VERSION, type RemoteName, type RemotePageModule } from '@reelkeep/shared-contracts';

/** The page modules loaded for one render, by remote; a missing remote renders its fallback. */
export type PageModules = ReadonlyMap<RemoteName, RemotePageModule>;

/** Provides the loaded page modules to the page outlet. */
export const PageModulesContext = createContext<PageModules>(new Map());

/** Reads the loaded page modules. */
export function usePageModules(): PageModules {
  return useContext(PageModulesContext);
}

/** Thrown when a remote's page module cannot be used (missing, wrong shape, incompatible contract). */
export class RemoteUnavailableError extends Error {
  readonly remote: RemoteName;
  constructor(remote: RemoteName, reason: string) {
    super(`remote ${remote} unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

/** Checks the shape and contract version of what a remote's `./page` export gave. */
export function acceptPageModule(remote: RemoteName, exported: unknown): RemotePageModule {
  const candidate = (exported as { default?: unknown } | null)?.default ?? exported;
  const module = candidate as Partial<RemotePageModule> | null;
  if (!module || typeof module !== 'object' || !module.pages || typeof module.contractVersion !== 'string') {
    throw new RemoteUnavailableError(remote, 'its ./page export is not a RemotePageModule');
  }
  if (!isContractCompatible(module.contractVersion)) {
    throw new RemoteUnavailableError(
      remote,
      `built against contract ${module.contractVersion}, incompatible with the shell's contract ${CONTRACT_VERSION}`,
    );
  }
  return module as RemotePageModule;
}

/** Rejects after `ms` with the given error; clears its timer when the work settles first. */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
