import 'leaflet/dist/leaflet.css';
import { MAP } from '@eusulan/shared';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import {
  combineStores,
  decodeLineData,
  type LineData,
  type LineKind,
  type LineStore,
  lineStoreOf,
} from '../line-store.ts';
import { boundsOfBox, LinesCanvasLayer, pagePointOf } from './lines-canvas-layer.ts';

export type Bounds = [[number, number], [number, number]];

export interface DashboardMapProps {
  /** The layers' lines, decoded (layer-loader.ts); undefined until the first answer. */
  proposals: LineData | undefined;
  works: LineData | undefined;
  /** False while a layer is still loading: the view is fitted once both have arrived. */
  isReady: boolean;
  /** A place chosen in 'Cari Jalan...'; a new object refits. */
  focus: Bounds | null;
  onProposalClick(proposalId: number): void;
  onWorkClick(workId: number): void;
  tileUrl: string;
  tileAttribution: string;
}

/** What e2e tests need from a canvas they cannot query: where a known line is on the page. */
interface MapsTestHook {
  pointOf(kind: LineKind, id: number): { x: number; y: number } | null;
  ids(kind: LineKind): number[];
  /** Zooms onto one line, so a click at its pointOf cannot hit a neighbour. */
  fitTo(kind: LineKind, id: number): boolean;
  view(): { zoom: number; lat: number; lon: number; size: [number, number] };
}
declare global {
  interface Window {
    __eusulanMaps?: MapsTestHook;
  }
}

const EMPTY_LINES = decodeLineData([]);

/** Click tolerance in pixels around a line on the canvas (a finger is wider than a 4 px line). */
const CLICK_TOLERANCE = 6;

/**
 * Both layers on one canvas: completed works below, proposals (red) on top. After each redraw the map element
 * carries data-drawn-items (the items of the data drawn from) and data-drawn-lines (paths in view), so a
 * measurement can wait for the lines to be on screen.
 */
function LinesLayer({
  store,
  isReady,
  onClick,
}: {
  store: LineStore;
  isReady: boolean;
  onClick(kind: LineKind, id: number): void;
}) {
  const map = useMap();
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const layer = useMemo(
    () =>
      new LinesCanvasLayer({
        tolerance: CLICK_TOLERANCE,
        opacity: 0.9,
        onClick: (kind, id) => onClickRef.current(kind, id),
        onDrawn: (paths, items) => {
          const element = map.getContainer().closest('[data-testid="dashboard-map"]');
          element?.setAttribute('data-drawn-lines', String(paths));
          element?.setAttribute('data-drawn-items', String(items));
        },
      }),
    [map],
  );

  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);

  useEffect(() => layer.setStore(store), [layer, store]);

  // Spec §9: fit to the drawn lines (never closer than the dashboard's max zoom), after the draw delay too
  // so a panel that changed size is taken into account; the dashboard centre without lines.
  useEffect(() => {
    if (!isReady) return;
    const fitView = () => {
      map.invalidateSize();
      if (store.bounds)
        map.fitBounds(boundsOfBox(store.bounds), { maxZoom: MAP.dashboardMaxZoom, padding: [24, 24] });
      else map.setView([MAP.dashboardCenter.lat, MAP.dashboardCenter.lon], MAP.defaultZoom);
    };
    fitView();
    const timer = window.setTimeout(() => map.invalidateSize(), MAP.drawDelayMs);
    return () => window.clearTimeout(timer);
  }, [map, store, isReady]);

  useEffect(() => {
    window.__eusulanMaps = {
      ids: (kind) => store.idsOf(kind),
      view: () => ({
        zoom: map.getZoom(),
        lat: map.getCenter().lat,
        lon: map.getCenter().lng,
        size: [map.getSize().x, map.getSize().y],
      }),
      fitTo(kind, id) {
        const box = store.itemBox(store.find(kind, id));
        if (!box) return false;
        map.fitBounds(boundsOfBox(box), { maxZoom: 18, padding: [48, 48], animate: false });
        return true;
      },
      pointOf(kind, id) {
        const middle = store.firstSegmentMiddle(store.find(kind, id));
        if (!middle) return null;
        const { x, y } = pagePointOf(map, middle);
        return { x, y };
      },
    };
    return () => {
      delete window.__eusulanMaps;
    };
  }, [map, store]);
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
 * colour on one canvas layer of our own (LinesCanvasLayer), so a hundred thousand lines stay one picture
 * rather than as many Leaflet layers; clicks find the line under the pointer (with a few pixels of tolerance).
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
  // One store per layer, made when its answer arrives (over the worker's arrays: no decoding here).
  const workStore = useMemo(() => lineStoreOf(works ?? EMPTY_LINES), [works]);
  const proposalStore = useMemo(() => lineStoreOf(proposals ?? EMPTY_LINES), [proposals]);
  const store = useMemo(() => combineStores([workStore, proposalStore]), [workStore, proposalStore]);

  return (
    <div
      className="dashboard-map"
      data-testid="dashboard-map"
      data-proposal-lines={proposals?.itemCount ?? 0}
      data-work-lines={works?.itemCount ?? 0}
      data-ready={isReady ? 'true' : 'false'}
    >
      <MapContainer
        center={[MAP.dashboardCenter.lat, MAP.dashboardCenter.lon]}
        zoom={MAP.defaultZoom}
        maxZoom={MAP.dashboardMaxZoom}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer
          url={tileUrl}
          attribution={tileAttribution}
          maxZoom={MAP.dashboardMaxZoom}
          maxNativeZoom={19}
        />
        <LinesLayer
          store={store}
          isReady={isReady}
          onClick={(kind, id) => (kind === 'proposal' ? onProposalClick(id) : onWorkClick(id))}
        />
        <FocusOn focus={focus} />
      </MapContainer>
    </div>
  );
}
