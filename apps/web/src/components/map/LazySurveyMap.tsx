import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@eusulan/shared';
import { lazy, Suspense } from 'react';
import { useAppInfo } from '../../features/app-info/api.ts';
import type { SurveyMapProps } from './SurveyMap.tsx';

const SurveyMap = lazy(async () => ({ default: (await import('./SurveyMap.tsx')).SurveyMap }));

/**
 * The survey map, loaded on first use: Leaflet and its stylesheet are fetched only by screens that show
 * a map. Tiles come from app-info (MAP_TILE_URL), with the default service if app-info fails.
 */
export function LazySurveyMap(props: Omit<SurveyMapProps, 'tileUrl' | 'tileAttribution'>) {
  const appInfo = useAppInfo();
  const placeholder = (
    <div
      className="survey-map survey-map--loading"
      style={{ height: props.height ?? 360 }}
      aria-busy="true"
    />
  );
  if (appInfo.isPending) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SurveyMap
        {...props}
        tileUrl={appInfo.data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
        tileAttribution={appInfo.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
      />
    </Suspense>
  );
}
