import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PreloadableComponent = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/**
 * React.lazy whose code can be fetched before it renders: a signed-in first visit asks for the profile, the
 * shell and the screen at once instead of one after the other. A failed load is forgotten, so a retry refetches.
 */
export function preloadable(load: () => Promise<ComponentType>): PreloadableComponent {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}
