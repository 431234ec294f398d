import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare const __non_webpack_require__: NodeJS.Require;

/**
 * Loads server containers from the release folders on disk (the registry names absolute paths), so a
 * server render never fetches code over the network and cannot hang on a remote host.
 */
export default function fileSystemRemotesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'reelkeep-file-system-remotes',
    loadEntry({ remoteInfo }) {
      if (!remoteInfo.entry.startsWith('/')) return undefined;
      return __non_webpack_require__(remoteInfo.entry) as never;
    },
  };
}
