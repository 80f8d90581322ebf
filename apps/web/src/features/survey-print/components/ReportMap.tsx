import 'leaflet/dist/leaflet.css';
import { drawableSegments, MAP, type TSurveyRoad } from '@eusulan/shared';
import { useMemo, useState } from 'react';
import { AttributionControl, MapContainer, Polyline, TileLayer } from 'react-leaflet';
import { REPORT_MAP, staticMapView } from '../map-view.ts';
import { MAP_STATE_ATTRIBUTE } from '../report-ready.ts';

export interface ReportMapProps {
  road: TSurveyRoad;
  tileUrl: string;
  tileAttribution: string;
}

/**
 * One surveyed road on a 600×300 satellite map at zoom 18 (or the zoom that fits its line), the line red
 * with weight 5. Nothing moves: no controls, dragging, zooming or animations, so print shows what the
 * screen shows. Marks itself loading until its tiles are done, for the report's readiness wait.
 */
export function ReportMap({ road, tileUrl, tileAttribution }: ReportMapProps) {
  const lines = useMemo(() => drawableSegments(road.drawLine.lokasi), [road]);
  const view = useMemo(() => staticMapView(lines), [lines]);
  const [isLoaded, setLoaded] = useState(false);
  // Leaflet fires 'load' once every tile of the view has answered, failed tiles included.
  const tileEvents = useMemo(() => ({ load: () => setLoaded(true) }), []);

  if (!view) return <p className="report-map__empty">Garis ruas tidak tersedia.</p>;
  return (
    <div
      className="report-map"
      data-testid="report-map"
      data-lines={lines.length}
      {...{ [MAP_STATE_ATTRIBUTE]: isLoaded ? 'ready' : 'loading' }}
      style={{ width: REPORT_MAP.width, height: REPORT_MAP.height }}
    >
      <MapContainer
        center={view.center}
        zoom={view.zoom}
        zoomControl={false}
        dragging={false}
        scrollWheelZoom={false}
        doubleClickZoom={false}
        touchZoom={false}
        boxZoom={false}
        keyboard={false}
        fadeAnimation={false}
        zoomAnimation={false}
        markerZoomAnimation={false}
        attributionControl={false}
        style={{ width: '100%', height: '100%' }}
      >
        <TileLayer
          url={tileUrl}
          attribution={tileAttribution}
          maxNativeZoom={19}
          maxZoom={REPORT_MAP.zoom}
          eventHandlers={tileEvents}
        />
        {lines.map((positions, index) => (
          <Polyline
            // Segments have no id of their own; their order is stable within one road.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            positions={positions}
            interactive={false}
            pathOptions={{ color: MAP.lineColor, weight: MAP.lineWeight }}
          />
        ))}
        {/* The imagery's credit stays (its terms ask for it); Leaflet's own link has no place in a letter. */}
        <AttributionControl prefix={false} />
      </MapContainer>
    </div>
  );
}
