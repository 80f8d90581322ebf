import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@eusulan/shared';
import { lazy, Suspense } from 'react';
import { useAppInfo } from '../../app-info/api.ts';
import type { SurveyMapEditorProps } from './SurveyMapEditor.tsx';

const SurveyMapEditor = lazy(async () => ({
  default: (await import('./SurveyMapEditor.tsx')).SurveyMapEditor,
}));

/** The drawing map, loaded on first use with Leaflet; tiles from app-info (MAP_TILE_URL). */
export function LazySurveyMapEditor(props: Omit<SurveyMapEditorProps, 'tileUrl' | 'tileAttribution'>) {
  const appInfo = useAppInfo();
  const placeholder = <div className="survey-map-editor survey-map-editor--loading" aria-busy="true" />;
  if (appInfo.isPending) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SurveyMapEditor
        {...props}
        tileUrl={appInfo.data?.mapTileUrl ?? DEFAULT_MAP_TILE_URL}
        tileAttribution={appInfo.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
      />
    </Suspense>
  );
}
