import 'leaflet/dist/leaflet.css';
import './lines-map.css';
import { MAP } from '@eusulan/shared';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Polyline, TileLayer, useMap } from 'react-leaflet';
import { FitToLines } from './SurveyMap.tsx';

/** One line of a LinesMap: its points as [latitude, longitude] and its CSS colour. */
export interface MapLine {
  positions: readonly [number, number][];
  color: string;
}

export interface LinesMapProps {
  /** Drawable lines only (the caller applies spec §5's coordinate rule). */
  lines: readonly MapLine[];
  tileUrl: string;
  tileAttribution: string;
  /** Map height in pixels. */
  height?: number;
  testId?: string;
}

/**
 * Paper is narrower than the screen: before the page is printed (Cetak) the map takes its printed size
 * (html.is-printing, lines-map.css) and fits the lines to it, synchronously, before the browser lays out
 * the page; afterwards it takes its screen size back and fits them again.
 */
function RefitForPrint({ lines }: { lines: [number, number][][] }) {
  const map = useMap();
  useEffect(() => {
    const points = lines.flat();
    const refit = () => {
      map.invalidateSize({ animate: false, pan: false });
      if (points.length > 0)
        map.fitBounds(latLngBounds(points), { maxZoom: MAP.maxFitZoom, padding: [24, 24], animate: false });
    };
    const beforePrint = () => {
      document.documentElement.classList.add('is-printing');
      refit();
    };
    const afterPrint = () => {
      document.documentElement.classList.remove('is-printing');
      refit();
    };
    const print = window.matchMedia?.('print');
    const onPrintMedia = (event: MediaQueryListEvent) => (event.matches ? beforePrint() : afterPrint());
    print?.addEventListener?.('change', onPrintMedia);
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      print?.removeEventListener?.('change', onPrintMedia);
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, [map, lines]);
  return null;
}

/**
 * A satellite map of lines in given colours (completed works in their work type's colour), the view fitted
 * to all of them, never closer than MAP.maxFitZoom (spec §9). Loaded lazily (LazyLinesMap).
 */
export function LinesMap({
  lines,
  tileUrl,
  tileAttribution,
  height = 320,
  testId = 'lines-map',
}: LinesMapProps) {
  const bounds = useMemo(() => lines.map((line) => [...line.positions]), [lines]);
  return (
    <div className="lines-map" data-testid={testId} data-lines={lines.length} style={{ height }}>
      <MapContainer
        center={[MAP.defaultCenter.lat, MAP.defaultCenter.lon]}
        zoom={MAP.defaultZoom}
        maxZoom={MAP.maxFitZoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer url={tileUrl} attribution={tileAttribution} maxZoom={MAP.maxFitZoom} maxNativeZoom={19} />
        {lines.map((line, index) => (
          <Polyline
            // Lines have no id of their own; their order is stable within one list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            positions={[...line.positions]}
            pathOptions={{ color: line.color, weight: MAP.lineWeight }}
          />
        ))}
        <FitToLines lines={bounds} />
        <RefitForPrint lines={bounds} />
      </MapContainer>
    </div>
  );
}
