import type { LatLonPoint, RoadLine } from './geometry.ts';

/**
 * What the survey map is doing: showing the lines, drawing a new one point by point, or editing one line's
 * points. The lines themselves live in the form's values; this holds only the drawing session.
 */
export type DrawingState =
  | { mode: 'idle' }
  | { mode: 'drawing'; points: RoadLine }
  | { mode: 'editing'; roadKey: string; index: number };

export type DrawingAction =
  | { type: 'start' }
  | { type: 'add-point'; point: LatLonPoint }
  | { type: 'undo-point' }
  /** The drawn line was kept or thrown away: back to showing the lines. */
  | { type: 'stop' }
  | { type: 'select'; roadKey: string; index: number };

export const IDLE: DrawingState = { mode: 'idle' };

export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  switch (action.type) {
    case 'start':
      return { mode: 'drawing', points: [] };
    case 'add-point':
      return state.mode === 'drawing' ? { ...state, points: [...state.points, action.point] } : state;
    case 'undo-point':
      return state.mode === 'drawing' ? { ...state, points: state.points.slice(0, -1) } : state;
    case 'stop':
      return IDLE;
    case 'select':
      // While drawing, a tap on a line adds a point there; it does not pick the line.
      return state.mode === 'drawing'
        ? state
        : { mode: 'editing', roadKey: action.roadKey, index: action.index };
  }
}

/** A line can be kept once it has two points. */
export const canFinish = (state: DrawingState) => state.mode === 'drawing' && state.points.length >= 2;

/** The line with one point moved. */
export const moveVertex = (line: RoadLine, index: number, point: LatLonPoint): RoadLine =>
  line.map((current, at) => (at === index ? point : current));

/** The line with a point added between point `afterIndex` and the next. */
export const insertVertex = (line: RoadLine, afterIndex: number, point: LatLonPoint): RoadLine => [
  ...line.slice(0, afterIndex + 1),
  point,
  ...line.slice(afterIndex + 1),
];

/** The middle of each segment, where a new point can be pulled out of it. */
export const segmentMidpoints = (line: RoadLine): LatLonPoint[] =>
  line.slice(1).map((end, index) => {
    const start = line[index] as LatLonPoint;
    return [(start[0] + end[0]) / 2, (start[1] + end[1]) / 2];
  });
