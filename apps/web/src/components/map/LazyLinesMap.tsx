import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@eusulan/shared';
import './lines-map.css';
import { lazy, Suspense } from 'react';
import { useAppInfo } from '../../features/app-info/api.ts';
import type { LinesMapProps } from './LinesMap.tsx';

const LinesMap = lazy(async () => ({ default: (await import('./LinesMap.tsx')).LinesMap }));

/**
 * LinesMap loaded on first use, like LazySurveyMap: Leaflet reaches only screens that draw a map. Tiles
 * come from app-info (MAP_TILE_URL), with the default service if app-info fails.
 */
export function LazyLinesMap(props: Omit<LinesMapProps, 'tileUrl' | 'tileAttribution'>) {
  const appInfo = useAppInfo();
  const placeholder = (
    <div
      className="lines-map lines-map--loading"
      style={{ height: props.height ?? 320 }}
      aria-busy="true"
      data-testid={props.testId ? `${props.testId}-loading` : undefined}
    />
  );
  if (appInfo.isPending) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LinesMap
        {...props}
        tileUrl={appInfo.data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
        tileAttribution={appInfo.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
      />
    </Suspense>
  );
}
