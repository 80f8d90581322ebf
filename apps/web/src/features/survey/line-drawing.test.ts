import { describe, expect, it } from 'vitest';
import type { RoadLine } from './geometry.ts';
import {
  canFinish,
  drawingReducer,
  IDLE,
  insertVertex,
  moveVertex,
  segmentMidpoints,
} from './line-drawing.ts';

const line: RoadLine = [
  [-7.25, 112.7],
  [-7.26, 112.72],
  [-7.27, 112.74],
];

describe('a drawing session', () => {
  it('adds tapped points in order, undoes the last and is finished from two points', () => {
    let state = drawingReducer(IDLE, { type: 'start' });
    expect(canFinish(state)).toBe(false);
    state = drawingReducer(state, { type: 'add-point', point: [-7.25, 112.7] });
    expect(canFinish(state)).toBe(false);
    state = drawingReducer(state, { type: 'add-point', point: [-7.26, 112.72] });
    state = drawingReducer(state, { type: 'add-point', point: [-7.3, 112.8] });
    state = drawingReducer(state, { type: 'undo-point' });
    expect(state).toEqual({ mode: 'drawing', points: line.slice(0, 2) });
    expect(canFinish(state)).toBe(true);
    expect(drawingReducer(state, { type: 'stop' })).toBe(IDLE);
  });

  it('takes a tap on a line as a point while drawing and as picking the line otherwise', () => {
    const drawing = drawingReducer(IDLE, { type: 'start' });
    expect(drawingReducer(drawing, { type: 'select', roadKey: 'r1', index: 0 })).toBe(drawing);
    expect(drawingReducer(IDLE, { type: 'select', roadKey: 'r1', index: 2 })).toEqual({
      mode: 'editing',
      roadKey: 'r1',
      index: 2,
    });
  });

  it('ignores points and undo when not drawing', () => {
    const editing = drawingReducer(IDLE, { type: 'select', roadKey: 'r1', index: 0 });
    expect(drawingReducer(editing, { type: 'add-point', point: [-7.25, 112.7] })).toBe(editing);
    expect(drawingReducer(IDLE, { type: 'undo-point' })).toBe(IDLE);
  });
});

describe('reshaping a line', () => {
  it('moves one point and leaves the others', () => {
    expect(moveVertex(line, 1, [-7.0, 112.0])).toEqual([line[0], [-7.0, 112.0], line[2]]);
    expect(line[1]).toEqual([-7.26, 112.72]);
  });

  it('pulls a new point out of a segment, between its two ends', () => {
    expect(insertVertex(line, 0, [-7.1, 112.1])).toEqual([line[0], [-7.1, 112.1], line[1], line[2]]);
    expect(insertVertex(line, 1, [-7.1, 112.1])).toEqual([line[0], line[1], [-7.1, 112.1], line[2]]);
  });

  it('offers a handle in the middle of each segment', () => {
    const [first, second] = segmentMidpoints(line);
    expect(segmentMidpoints(line)).toHaveLength(2);
    expect(first?.[0]).toBeCloseTo(-7.255, 9);
    expect(first?.[1]).toBeCloseTo(112.71, 9);
    expect(second?.[0]).toBeCloseTo(-7.265, 9);
    expect(second?.[1]).toBeCloseTo(112.73, 9);
    expect(segmentMidpoints([[-7.25, 112.7]])).toEqual([]);
  });
});
