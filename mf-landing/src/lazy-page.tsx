import { use, type ComponentType } from 'react';
import type { PageDefinition, PageProps } from '@reelkeep/shared-contracts';

/**
 * A page component kept in a chunk of its own, with the `preload` the shell awaits before rendering it. Once
 * preloaded it renders at once; rendered earlier (never by the shell) it suspends until its chunk is in.
 */
export function lazyPage<Data>(load: () => Promise<ComponentType<PageProps<Data>>>): Pick<PageDefinition<Data>, 'Component' | 'preload'> {
  let Loaded: ComponentType<PageProps<Data>> | undefined;
  let loading: Promise<ComponentType<PageProps<Data>>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyPage(props: PageProps<Data>) {
    const Page = Loaded ?? use(preload());
    return <Page {...props} />;
  }
  return { Component: LazyPage, preload: async () => void (await preload()) };
}
