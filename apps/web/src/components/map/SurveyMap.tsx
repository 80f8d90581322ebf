import 'leaflet/dist/leaflet.css';
import { drawableSegments, MAP, type TSurveyRoad } from '@eusulan/shared';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Polyline, TileLayer, useMap } from 'react-leaflet';

export interface SurveyMapProps {
  roads: readonly TSurveyRoad[];
  tileUrl: string;
  tileAttribution: string;
  /** Map height in pixels. */
  height?: number;
  testId?: string;
}

/**
 * Fits the view to the lines (never closer than MAP.maxFitZoom), or the default centre without lines. Also
 * used by LinesMap; `lines` should keep its identity between renders (memoised), or the view is refitted.
 */
export function FitToLines({ lines }: { lines: [number, number][][] }) {
  const map = useMap();
  useEffect(() => {
    const fitView = () => {
      map.invalidateSize();
      const points = lines.flat();
      if (points.length > 0)
        map.fitBounds(latLngBounds(points), { maxZoom: MAP.maxFitZoom, padding: [24, 24] });
      else map.setView([MAP.defaultCenter.lat, MAP.defaultCenter.lon], MAP.defaultZoom);
    };
    fitView();
    // Spec §9: draw again after the init delay, once the dialog or tab has its final size.
    const timer = window.setTimeout(fitView, MAP.drawDelayMs);
    return () => window.clearTimeout(timer);
  }, [map, lines]);
  return null;
}

/**
 * A satellite map of surveyed roads: every drawn segment as a red line (only coordinates that are valid,
 * spec §5), the view fitted to them. Loaded lazily (LazySurveyMap), so Leaflet stays off other screens.
 */
export function SurveyMap({
  roads,
  tileUrl,
  tileAttribution,
  height = 360,
  testId = 'survey-map',
}: SurveyMapProps) {
  const lines = useMemo(() => roads.flatMap((road) => drawableSegments(road.drawLine.lokasi)), [roads]);
  return (
    <div className="survey-map" data-testid={testId} data-lines={lines.length} style={{ height }}>
      <MapContainer
        center={[MAP.defaultCenter.lat, MAP.defaultCenter.lon]}
        zoom={MAP.defaultZoom}
        maxZoom={MAP.maxFitZoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer url={tileUrl} attribution={tileAttribution} maxZoom={MAP.maxFitZoom} maxNativeZoom={19} />
        {lines.map((positions, index) => (
          <Polyline
            // Segments have no id of their own; their order is stable within one list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            positions={positions}
            pathOptions={{ color: MAP.lineColor, weight: MAP.lineWeight }}
          />
        ))}
        <FitToLines lines={lines} />
      </MapContainer>
    </div>
  );
}
