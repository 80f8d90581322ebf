import 'leaflet/dist/leaflet.css';
import { MAP, type TDashboardCompletedWorkItem, type TDashboardProposalItem } from '@eusulan/shared';
import {
  canvas,
  type LatLngTuple,
  latLng,
  latLngBounds,
  layerGroup,
  polyline as leafletPolyline,
} from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { decodePolyline } from '../polyline.ts';

export type Bounds = [[number, number], [number, number]];

export interface DashboardMapProps {
  proposals: readonly TDashboardProposalItem[];
  works: readonly TDashboardCompletedWorkItem[];
  /** False while a layer is still loading: the view is fitted once both have arrived. */
  isReady: boolean;
  /** A place chosen in 'Cari Jalan...'; a new object refits. */
  focus: Bounds | null;
  onProposalClick(proposalId: number): void;
  onWorkClick(workId: number): void;
  tileUrl: string;
  tileAttribution: string;
}

type Kind = 'proposal' | 'work';
interface DrawnLayer {
  kind: Kind;
  id: number;
  color: string;
  latLngs: LatLngTuple[][];
}

/** What e2e tests need from a canvas they cannot query: where a known line is on the page. */
interface MapsTestHook {
  pointOf(kind: Kind, id: number): { x: number; y: number } | null;
  ids(kind: Kind): number[];
  /** Zooms onto one line, so a click at its pointOf cannot hit a neighbour. */
  fitTo(kind: Kind, id: number): boolean;
  view(): { zoom: number; lat: number; lon: number; size: [number, number] };
}
declare global {
  interface Window {
    __eusulanMaps?: MapsTestHook;
  }
}

const WORK_WEIGHT = 4;
/** Click tolerance in pixels around a line on the canvas (a finger is wider than a 4 px line). */
const CLICK_TOLERANCE = 6;
/** Leaflet simplifies each line per zoom by this many pixels (Douglas-Peucker on projected points). */
const SMOOTH_FACTOR = 1.5;

const boundsOf = (layers: readonly DrawnLayer[]) => {
  const bounds = latLngBounds([]);
  for (const layer of layers)
    for (const line of layer.latLngs) for (const point of line) bounds.extend(point);
  return bounds;
};

/** Both layers on one canvas: completed works below, proposals (red) on top; one click handler per line. */
function LinesLayer({
  layers,
  isReady,
  onClick,
}: {
  layers: readonly DrawnLayer[];
  isReady: boolean;
  onClick(kind: Kind, id: number): void;
}) {
  const map = useMap();
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const renderer = useMemo(() => canvas({ tolerance: CLICK_TOLERANCE, padding: 0.3 }), []);

  useEffect(() => {
    const group = layerGroup();
    for (const layer of layers) {
      const isProposal = layer.kind === 'proposal';
      const polyline = leafletPolyline(layer.latLngs, {
        renderer,
        color: layer.color,
        weight: isProposal ? MAP.lineWeight : WORK_WEIGHT,
        opacity: 0.9,
        smoothFactor: SMOOTH_FACTOR,
        bubblingMouseEvents: false,
      });
      polyline.on('click', () => onClickRef.current(layer.kind, layer.id));
      group.addLayer(polyline);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, layers, renderer]);

  // Spec §9: fit to the drawn lines (never closer than the dashboard's max zoom), after the draw delay too
  // so a panel that changed size is taken into account; the dashboard centre without lines.
  useEffect(() => {
    if (!isReady) return;
    const fitView = () => {
      map.invalidateSize();
      const bounds = boundsOf(layers);
      if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: MAP.dashboardMaxZoom, padding: [24, 24] });
      else map.setView([MAP.dashboardCenter.lat, MAP.dashboardCenter.lon], MAP.defaultZoom);
    };
    fitView();
    const timer = window.setTimeout(() => map.invalidateSize(), MAP.drawDelayMs);
    return () => window.clearTimeout(timer);
  }, [map, layers, isReady]);

  useEffect(() => {
    const byKey = new Map(layers.map((layer) => [`${layer.kind}:${layer.id}`, layer]));
    window.__eusulanMaps = {
      ids: (kind) => layers.filter((layer) => layer.kind === kind).map((layer) => layer.id),
      view: () => ({
        zoom: map.getZoom(),
        lat: map.getCenter().lat,
        lon: map.getCenter().lng,
        size: [map.getSize().x, map.getSize().y],
      }),
      fitTo(kind, id) {
        const layer = byKey.get(`${kind}:${id}`);
        if (!layer) return false;
        map.fitBounds(boundsOf([layer]), { maxZoom: 18, padding: [48, 48], animate: false });
        return true;
      },
      pointOf(kind, id) {
        const line = byKey.get(`${kind}:${id}`)?.latLngs[0];
        if (!line || line.length < 2) return null;
        const [a, b] = [line[0] as LatLngTuple, line[1] as LatLngTuple];
        const middle = latLng((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        const point = map.latLngToContainerPoint(middle);
        const box = map.getContainer().getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
    };
    return () => {
      delete window.__eusulanMaps;
    };
  }, [map, layers]);
  return null;
}

function FocusOn({ focus }: { focus: Bounds | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.fitBounds(focus, { maxZoom: MAP.dashboardMaxZoom - 7, padding: [32, 32] });
  }, [map, focus]);
  return null;
}

/**
 * The maps dashboard's satellite map (spec §2, §9): proposals in red and completed works in their type's
 * colour on Leaflet's canvas renderer, so tens of thousands of lines stay one canvas rather than as many
 * SVG elements; clicks find the line under the pointer (with a few pixels of tolerance).
 */
export function DashboardMap({
  proposals,
  works,
  isReady,
  focus,
  onProposalClick,
  onWorkClick,
  tileUrl,
  tileAttribution,
}: DashboardMapProps) {
  const layers = useMemo(() => {
    const drawn: DrawnLayer[] = [];
    for (const work of works) {
      drawn.push({
        kind: 'work',
        id: work.id,
        color: work.color,
        latLngs: work.lines.map((line) => decodePolyline(line)),
      });
    }
    for (const proposal of proposals) {
      drawn.push({
        kind: 'proposal',
        id: proposal.proposalId,
        color: MAP.lineColor,
        latLngs: proposal.lines.map((line) => decodePolyline(line)),
      });
    }
    return drawn;
  }, [proposals, works]);

  return (
    <div
      className="dashboard-map"
      data-testid="dashboard-map"
      data-proposal-lines={proposals.length}
      data-work-lines={works.length}
      data-ready={isReady ? 'true' : 'false'}
    >
      <MapContainer
        center={[MAP.dashboardCenter.lat, MAP.dashboardCenter.lon]}
        zoom={MAP.defaultZoom}
        maxZoom={MAP.dashboardMaxZoom}
        preferCanvas
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer
          url={tileUrl}
          attribution={tileAttribution}
          maxZoom={MAP.dashboardMaxZoom}
          maxNativeZoom={19}
        />
        <LinesLayer
          layers={layers}
          isReady={isReady}
          onClick={(kind, id) => (kind === 'proposal' ? onProposalClick(id) : onWorkClick(id))}
        />
        <FocusOn focus={focus} />
      </MapContainer>
    </div>
  );
}
