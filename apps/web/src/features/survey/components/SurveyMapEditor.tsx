import 'leaflet/dist/leaflet.css';
import { MAP } from '@eusulan/shared';
import {
  canvas,
  type DivIcon,
  DomEvent,
  divIcon,
  type LeafletEvent,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
  type LeafletMouseEvent,
  latLngBounds,
  type PathOptions,
} from 'leaflet';
import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Polyline,
  TileLayer,
  Tooltip,
  useMapEvents,
} from 'react-leaflet';
import { formatMetres, type LatLonPoint, lineLengthMetres, lineProblem, type RoadLine } from '../geometry.ts';
import { drawingReducer, IDLE, insertVertex, moveVertex, segmentMidpoints } from '../line-drawing.ts';
import { DrawingToolbar } from './DrawingToolbar.tsx';

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

const ACTIVE_STYLE: PathOptions = { color: MAP.lineColor, weight: MAP.lineWeight, opacity: 0.95 };
/** The other roads' lines stay visible but step back, so it is clear where a new line goes. */
const OTHER_STYLE: PathOptions = { color: '#ff9800', weight: 4, opacity: 0.85, dashArray: '8 6' };
const SELECTED_STYLE: PathOptions = { color: '#1677ff', weight: MAP.lineWeight + 2, opacity: 1 };
const DRAFT_STYLE: PathOptions = { ...ACTIVE_STYLE, dashArray: '6 6' };
const DRAFT_POINT_STYLE: PathOptions = { color: MAP.lineColor, weight: 2, fillColor: '#fff', fillOpacity: 1 };

/** Lines are drawn on a canvas that takes a tap within 12 px of a line as a tap on it (a thumb is wide). */
const LINE_RENDERER = canvas({ tolerance: 12 });
/** Handles larger than they look, for the same reason. */
const VERTEX_ICON = divIcon({ className: 'survey-vertex', iconSize: [28, 28] });
const MIDPOINT_ICON = divIcon({ className: 'survey-vertex survey-vertex--mid', iconSize: [28, 28] });

const pointOf = (event: { latlng: { lat: number; lng: number } }): LatLonPoint => [
  event.latlng.lat,
  event.latlng.lng,
];
/** Where a dragged handle is now. */
const handlePoint = (event: LeafletEvent): LatLonPoint => {
  const { lat, lng } = (event.target as LeafletMarker).getLatLng();
  return [lat, lng];
};

/** A line shown in place of its stored shape while one of its points is dragged. */
interface LinePreview {
  roadKey: string;
  index: number;
  line: RoadLine;
}

/** Taps on the map while drawing add points; a tap beside the line being edited ends the editing. */
function MapTaps({ onTap }: { onTap(point: LatLonPoint): void }) {
  useMapEvents({ click: (event) => onTap(pointOf(event)) });
  return null;
}

/** A draggable point of the line being edited: while dragged the line is shown reshaped, dropped it is kept. */
function DragHandle({
  position,
  icon,
  title,
  reshape,
  onDrag,
  onDrop,
}: {
  position: LatLonPoint;
  icon: DivIcon;
  title: string;
  /** The line with this handle at the given point. */
  reshape(to: LatLonPoint): RoadLine;
  onDrag(line: RoadLine): void;
  onDrop(line: RoadLine): void;
}) {
  return (
    <Marker
      position={position}
      icon={icon}
      draggable
      title={title}
      eventHandlers={{
        drag: (event) => onDrag(reshape(handlePoint(event))),
        dragend: (event) => onDrop(reshape(handlePoint(event))),
      }}
    />
  );
}

/** Fits the view to the lines once, when the map opens (never closer than MAP.maxFitZoom). */
function fitOnOpen(map: LeafletMap, roads: readonly EditableRoad[]) {
  const fitView = () => {
    map.invalidateSize();
    const points = roads.flatMap((road) => road.lines.flat());
    if (points.length > 0)
      map.fitBounds(latLngBounds(points), { maxZoom: MAP.maxFitZoom, padding: [24, 24] });
  };
  fitView();
  // Spec §9: again after the init delay, once the layout has its final size.
  const timer = window.setTimeout(fitView, MAP.drawDelayMs);
  return () => window.clearTimeout(timer);
}

/**
 * The survey form's satellite map. Drawing is a tap per point on Leaflet's own map events, with the buttons
 * (undo, finish, cancel) outside the map; a tapped line shows draggable points to reshape it. The form's
 * values stay the one truth: a finished or reshaped line is written back to them and the map follows them.
 */
export function SurveyMapEditor({
  tileUrl,
  tileAttribution,
  roads,
  activeRoadKey,
  onLinesChange,
  onRefused,
}: SurveyMapEditorProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [session, dispatch] = useReducer(drawingReducer, IDLE);
  const [preview, setPreview] = useState<LinePreview | null>(null);
  // A refused drag leaves a handle where it was dropped; new keys put every handle back on the line.
  const [handlesVersion, setHandlesVersion] = useState(0);
  const initialRoads = useRef(roads);

  const linesOf = (roadKey: string) => roads.find((road) => road.key === roadKey)?.lines ?? [];
  const selectedLine = session.mode === 'editing' ? linesOf(session.roadKey)[session.index] : undefined;
  const activeRoad = roads.find((road) => road.key === activeRoadKey);
  const lineCount = roads.reduce((sum, road) => sum + road.lines.length, 0);

  useEffect(() => (map ? fitOnOpen(map, initialRoads.current) : undefined), [map]);
  // A double tap adds two points while drawing; it must not zoom.
  useEffect(() => {
    if (!map) return;
    if (session.mode === 'drawing') map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
  }, [map, session.mode]);

  const stop = () => {
    setPreview(null);
    dispatch({ type: 'stop' });
  };
  const finish = () => {
    if (session.mode !== 'drawing' || session.points.length < 2) return;
    const problem = lineProblem(session.points);
    if (problem) return onRefused(problem);
    onLinesChange(activeRoadKey, [...linesOf(activeRoadKey), session.points]);
    stop();
  };
  const replaceSelected = (line: RoadLine) => {
    if (session.mode !== 'editing') return;
    setPreview(null);
    const problem = lineProblem(line);
    if (problem) {
      setHandlesVersion((version) => version + 1);
      return onRefused(problem);
    }
    const lines = linesOf(session.roadKey);
    onLinesChange(
      session.roadKey,
      lines.map((current, index) => (index === session.index ? line : current)),
    );
  };
  const showPreview = (line: RoadLine) => {
    if (session.mode === 'editing') setPreview({ roadKey: session.roadKey, index: session.index, line });
  };
  const deleteSelected = () => {
    if (session.mode !== 'editing') return;
    onLinesChange(
      session.roadKey,
      linesOf(session.roadKey).filter((_, index) => index !== session.index),
    );
    stop();
  };
  const onTap = (point: LatLonPoint) => {
    if (session.mode === 'drawing') dispatch({ type: 'add-point', point });
    else if (session.mode === 'editing') stop();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && session.mode !== 'idle') stop();
  };

  const midpoints = useMemo(() => (selectedLine ? segmentMidpoints(selectedLine) : []), [selectedLine]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the editor ends drawing or editing.
    <div
      className="survey-map-editor"
      data-testid="survey-map-editor"
      data-lines={lineCount}
      data-mode={selectedLine ? 'editing' : session.mode === 'drawing' ? 'drawing' : 'idle'}
      onKeyDown={onKeyDown}
    >
      <DrawingToolbar
        state={session}
        selectedLine={selectedLine}
        activeRoadLabel={activeRoad?.label ?? ''}
        onStart={() => dispatch({ type: 'start' })}
        onAddCentre={() => map && onTap([map.getCenter().lat, map.getCenter().lng])}
        onUndo={() => dispatch({ type: 'undo-point' })}
        onFinish={finish}
        onCancel={stop}
        onDeleteSelected={deleteSelected}
        onDoneEditing={stop}
      />
      <div className={`survey-map-editor__map survey-map-editor__map--${session.mode}`}>
        <MapContainer
          ref={setMap}
          center={[MAP.defaultCenter.lat, MAP.defaultCenter.lon]}
          zoom={MAP.defaultZoom}
          maxZoom={MAP.maxFitZoom}
          scrollWheelZoom={false}
          renderer={LINE_RENDERER}
          style={{ height: '100%', width: '100%' }}
        >
          <TileLayer
            url={tileUrl}
            attribution={tileAttribution}
            maxZoom={MAP.maxFitZoom}
            maxNativeZoom={19}
          />
          <MapTaps onTap={onTap} />
          {roads.flatMap((road) =>
            road.lines.map((storedLine, index) => {
              const isSelected =
                session.mode === 'editing' && session.roadKey === road.key && session.index === index;
              const isPreviewed = preview?.roadKey === road.key && preview.index === index;
              const line = isPreviewed ? preview.line : storedLine;
              const style = isSelected
                ? SELECTED_STYLE
                : road.key === activeRoadKey
                  ? ACTIVE_STYLE
                  : OTHER_STYLE;
              return (
                <Polyline
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line is its road's n-th line.
                  key={`${road.key}#${index}`}
                  positions={line}
                  pathOptions={style}
                  bubblingMouseEvents={false}
                  eventHandlers={{
                    click: (event: LeafletMouseEvent) => {
                      DomEvent.stop(event);
                      // While drawing, a tap on a line is a point on it.
                      if (session.mode === 'drawing') dispatch({ type: 'add-point', point: pointOf(event) });
                      else dispatch({ type: 'select', roadKey: road.key, index });
                    },
                  }}
                >
                  <Tooltip permanent direction="center" className="survey-line-tooltip">
                    {`${road.label}: ${formatMetres(lineLengthMetres(line))}`}
                  </Tooltip>
                </Polyline>
              );
            }),
          )}
          {session.mode === 'drawing' ? (
            <>
              <Polyline positions={session.points} pathOptions={DRAFT_STYLE} interactive={false} />
              {session.points.map((point, index) => (
                <CircleMarker
                  // biome-ignore lint/suspicious/noArrayIndexKey: points are added and undone at the end only.
                  key={index}
                  center={point}
                  radius={6}
                  pathOptions={DRAFT_POINT_STYLE}
                  interactive={false}
                />
              ))}
            </>
          ) : null}
          {session.mode === 'editing' && selectedLine ? (
            <>
              {selectedLine.map((point, index) => (
                <DragHandle
                  // biome-ignore lint/suspicious/noArrayIndexKey: a handle is the line's n-th point.
                  key={`v${handlesVersion}-${index}`}
                  position={point}
                  icon={VERTEX_ICON}
                  title={`Titik ${index + 1}`}
                  reshape={(to) => moveVertex(selectedLine, index, to)}
                  onDrag={showPreview}
                  onDrop={replaceSelected}
                />
              ))}
              {midpoints.map((point, index) => (
                <DragHandle
                  // biome-ignore lint/suspicious/noArrayIndexKey: a handle is the middle of the n-th segment.
                  key={`m${handlesVersion}-${index}`}
                  position={point}
                  icon={MIDPOINT_ICON}
                  title="Tarik untuk menambah titik"
                  reshape={(to) => insertVertex(selectedLine, index, to)}
                  onDrag={showPreview}
                  onDrop={replaceSelected}
                />
              ))}
            </>
          ) : null}
        </MapContainer>
        {session.mode === 'drawing' ? (
          <div className="survey-map-editor__crosshair" aria-hidden="true" />
        ) : null}
      </div>
    </div>
  );
}
