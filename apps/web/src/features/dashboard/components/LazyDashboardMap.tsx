import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@eusulan/shared';
import { lazy, Suspense } from 'react';
import { useAppInfo } from '../../app-info/api.ts';
import type { DashboardMapProps } from './DashboardMap.tsx';

const DashboardMap = lazy(async () => ({ default: (await import('./DashboardMap.tsx')).DashboardMap }));

/** The dashboard map, loaded on first use (Leaflet stays off other screens); tiles from app-info. */
export function LazyDashboardMap(props: Omit<DashboardMapProps, 'tileUrl' | 'tileAttribution'>) {
  const appInfo = useAppInfo();
  const placeholder = <div className="dashboard-map dashboard-map--loading" aria-busy="true" />;
  if (appInfo.isPending) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DashboardMap
        {...props}
        tileUrl={appInfo.data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
        tileAttribution={appInfo.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
      />
    </Suspense>
  );
}
