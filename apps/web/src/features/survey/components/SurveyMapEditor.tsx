import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { MAP } from '@eusulan/shared';
import {
  type LatLng,
  type Layer,
  latLngBounds,
  type Polyline,
  type PolylineOptions,
  polyline,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { formatMetres, type LatLonPoint, lineLengthMetres, lineProblem, type RoadLine } from '../geometry.ts';

export interface EditableRoad {
  key: string;
  label: string;
  lines: RoadLine[];
}

export interface SurveyMapEditorProps {
  roads: readonly EditableRoad[];
  /** New lines belong to this road. */
  activeRoadKey: string;
  onLinesChange(roadKey: string, lines: RoadLine[]): void;
  /** A line was refused (a coordinate outside spec §5's bounds); the message says why. */
  onRefused(message: string): void;
  tileUrl: string;
  tileAttribution: string;
}

const ACTIVE_STYLE: PolylineOptions = { color: MAP.lineColor, weight: MAP.lineWeight, opacity: 0.95 };
/** The other roads' lines stay visible but step back, so it is clear where a new line goes. */
const OTHER_STYLE: PolylineOptions = { color: '#ff9800', weight: 4, opacity: 0.85, dashArray: '8 6' };

const toLine = (latLngs: LatLng[] | LatLng[][] | LatLng[][][]): RoadLine =>
  (latLngs as LatLng[][]).flat(2).map((point): LatLonPoint => [point.lat, point.lng]);

const sameLine = (a: RoadLine, b: RoadLine) =>
  a.length === b.length &&
  a.every((point, index) => point[0] === b[index]?.[0] && point[1] === b[index]?.[1]);

interface LineOwner {
  roadKey: string;
  index: number;
}

/**
 * Draws the roads' lines as Leaflet layers and lets geoman draw, edit and remove them. The form's values
 * stay the one truth: a drawn or edited line is read back into them and the layers follow the values.
 */
function EditableLines({
  roads,
  activeRoadKey,
  onLinesChange,
  onRefused,
}: Omit<SurveyMapEditorProps, 'tileUrl' | 'tileAttribution'>) {
  const map = useMap();
  const layersRef = useRef(new Map<string, Polyline>());
  const ownersRef = useRef(new WeakMap<Layer, LineOwner>());
  const latestRef = useRef({ roads, activeRoadKey, onLinesChange, onRefused });
  latestRef.current = { roads, activeRoadKey, onLinesChange, onRefused };

  useEffect(() => {
    map.pm.setLang('id');
    map.pm.setGlobalOptions({
      pathOptions: ACTIVE_STYLE,
      templineStyle: ACTIVE_STYLE,
      hintlineStyle: { ...ACTIVE_STYLE, dashArray: '5 5' },
    });
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: true,
      drawRectangle: false,
      drawPolygon: false,
      drawCircle: false,
      drawText: false,
      editMode: true,
      dragMode: false,
      cutPolygon: false,
      removalMode: true,
      rotateMode: false,
    });

    const linesOf = (roadKey: string) =>
      latestRef.current.roads.find((road) => road.key === roadKey)?.lines ?? [];

    const onCreate = (event: { layer: Layer }) => {
      const layer = event.layer as Polyline;
      const line = toLine(layer.getLatLngs());
      // The values draw the line again as one of ours; geoman's own copy goes.
      layer.remove();
      const problem = lineProblem(line);
      if (problem) {
        latestRef.current.onRefused(problem);
        return;
      }
      if (line.length < 2) return;
      const { activeRoadKey: roadKey } = latestRef.current;
      latestRef.current.onLinesChange(roadKey, [...linesOf(roadKey), line]);
    };
    const onRemove = (event: { layer: Layer }) => {
      const owner = ownersRef.current.get(event.layer);
      if (!owner) return;
      latestRef.current.onLinesChange(
        owner.roadKey,
        linesOf(owner.roadKey).filter((_, index) => index !== owner.index),
      );
    };
    map.on('pm:create', onCreate);
    map.on('pm:remove', onRemove);
    return () => {
      map.off('pm:create', onCreate);
      map.off('pm:remove', onRemove);
      map.pm.removeControls();
    };
  }, [map]);

  // The layers follow the values: new lines are added, changed ones reshaped, dropped ones removed.
  useEffect(() => {
    const layers = layersRef.current;
    const seen = new Set<string>();
    const onEdit = (event: { layer?: Layer; target?: Layer }) => {
      const layer = (event.layer ?? event.target) as Polyline;
      const owner = ownersRef.current.get(layer);
      if (!owner) return;
      const lines = latestRef.current.roads.find((road) => road.key === owner.roadKey)?.lines ?? [];
      const line = toLine(layer.getLatLngs());
      const problem = lineProblem(line);
      if (problem) {
        latestRef.current.onRefused(problem);
        const before = lines[owner.index];
        if (before) reshape(layer, before);
        return;
      }
      latestRef.current.onLinesChange(
        owner.roadKey,
        lines.map((current, index) => (index === owner.index ? line : current)),
      );
    };

    for (const road of roads) {
      const style = road.key === activeRoadKey ? ACTIVE_STYLE : OTHER_STYLE;
      road.lines.forEach((line, index) => {
        const id = `${road.key}#${index}`;
        seen.add(id);
        let layer = layers.get(id);
        if (!layer) {
          layer = polyline(line, style);
          layer.on('pm:edit', onEdit);
          layer.addTo(map);
          layers.set(id, layer);
        } else {
          if (!sameLine(toLine(layer.getLatLngs()), line)) reshape(layer, line);
          layer.setStyle(style);
        }
        ownersRef.current.set(layer, { roadKey: road.key, index });
        const text = `${road.label}: ${formatMetres(lineLengthMetres(line))}`;
        if (layer.getTooltip()) layer.setTooltipContent(text);
        else
          layer.bindTooltip(text, { permanent: true, direction: 'center', className: 'survey-line-tooltip' });
      });
    }
    for (const [id, layer] of layers) {
      if (seen.has(id)) continue;
      layer.remove();
      layers.delete(id);
    }
  }, [map, roads, activeRoadKey]);

  useEffect(() => {
    const layers = layersRef.current;
    return () => {
      for (const layer of layers.values()) layer.remove();
      layers.clear();
    };
  }, []);

  return null;
}

/** setLatLngs while geoman edits the layer would leave its handles behind; edit it again on the new shape. */
function reshape(layer: Polyline, line: RoadLine) {
  const isEditing = layer.pm?.enabled();
  if (isEditing) layer.pm.disable();
  layer.setLatLngs(line);
  if (isEditing) layer.pm.enable();
}

/** Fits the view to the lines once, when the map opens (never closer than MAP.maxFitZoom). */
function FitOnOpen({ roads }: { roads: readonly EditableRoad[] }) {
  const map = useMap();
  const initialRoads = useRef(roads);
  useEffect(() => {
    const fitView = () => {
      map.invalidateSize();
      const points = initialRoads.current.flatMap((road) => road.lines.flat());
      if (points.length > 0)
        map.fitBounds(latLngBounds(points), { maxZoom: MAP.maxFitZoom, padding: [24, 24] });
    };
    fitView();
    // Spec §9: again after the init delay, once the layout has its final size.
    const timer = window.setTimeout(fitView, MAP.drawDelayMs);
    return () => window.clearTimeout(timer);
  }, [map]);
  return null;
}

/**
 * The survey form's satellite map: geoman's toolbar draws, edits and removes lines; every line
 * carries its road and length. Loaded lazily with Leaflet and geoman (LazySurveyMapEditor).
 */
export function SurveyMapEditor({ tileUrl, tileAttribution, ...lines }: SurveyMapEditorProps) {
  const lineCount = lines.roads.reduce((sum, road) => sum + road.lines.length, 0);
  return (
    <div className="survey-map-editor" data-testid="survey-map-editor" data-lines={lineCount}>
      <MapContainer
        center={[MAP.defaultCenter.lat, MAP.defaultCenter.lon]}
        zoom={MAP.defaultZoom}
        maxZoom={MAP.maxFitZoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer url={tileUrl} attribution={tileAttribution} maxZoom={MAP.maxFitZoom} maxNativeZoom={19} />
        <EditableLines {...lines} />
        <FitOnOpen roads={lines.roads} />
      </MapContainer>
    </div>
  );
}
