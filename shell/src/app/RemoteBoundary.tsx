import { Component, type ReactNode } from 'react';
import { ChunkLoadError, reloadOnceAfterChunkError } from '../federation/browser-remotes.ts';
import { RemoteFallback } from './RemoteFallback.tsx';
import { reportClientError } from '../monitoring/client-errors.ts';

interface RemoteBoundaryProps {
  remote: string;
  children: ReactNode;
}

/** Keeps a throwing remote inside its region: the frame stays, the region shows the fallback. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportClientError(error, { remote: this.props.remote, region: 'page' });
    if (error instanceof ChunkLoadError) reloadOnceAfterChunkError();
  }

  override render(): ReactNode {
    return this.state.failed ? <RemoteFallback /> : this.props.children;
  }
}
