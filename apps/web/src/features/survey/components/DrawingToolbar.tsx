import {
  AimOutlined,
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { formatMetres, lineLengthMetres, type RoadLine } from '../geometry.ts';
import { canFinish, type DrawingState } from '../line-drawing.ts';
import { SURVEY_FORM_TEXTS as TEXTS } from '../texts.ts';

export interface DrawingToolbarProps {
  state: DrawingState;
  /** The line being edited, when one is. */
  selectedLine: RoadLine | undefined;
  activeRoadLabel: string;
  onStart(): void;
  onAddCentre(): void;
  onUndo(): void;
  onFinish(): void;
  onCancel(): void;
  onDeleteSelected(): void;
  onDoneEditing(): void;
}

/**
 * The drawing buttons, above the map and never on it, so a tap meant for the map cannot hit a button and a
 * finishing tap cannot land on the map. The status line says what a tap on the map does now.
 */
export function DrawingToolbar(props: DrawingToolbarProps) {
  const { state, selectedLine } = props;
  return (
    <div className="drawing-toolbar" role="toolbar" aria-label="Alat gambar garis">
      <div className="drawing-toolbar__buttons">
        {state.mode === 'drawing' ? (
          <>
            <Button icon={<AimOutlined />} onClick={props.onAddCentre} data-testid="add-centre-point">
              {TEXTS.addCentrePoint}
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={props.onUndo}
              disabled={state.points.length === 0}
              data-testid="undo-point"
            >
              {TEXTS.undoPoint}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={props.onFinish}
              disabled={!canFinish(state)}
              data-testid="finish-line"
            >
              {TEXTS.finishLine}
            </Button>
            <Button icon={<CloseOutlined />} onClick={props.onCancel} data-testid="cancel-line">
              {TEXTS.cancelLine}
            </Button>
          </>
        ) : selectedLine ? (
          <>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={props.onDeleteSelected}
              data-testid="delete-line"
            >
              {TEXTS.deleteLine}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={props.onDoneEditing}
              data-testid="done-editing"
            >
              {TEXTS.doneEditing}
            </Button>
          </>
        ) : (
          <Button type="primary" icon={<EditOutlined />} onClick={props.onStart} data-testid="draw-line">
            {TEXTS.drawLine}
          </Button>
        )}
      </div>
      <p className="drawing-toolbar__status" aria-live="polite" data-testid="drawing-status">
        {state.mode === 'drawing'
          ? TEXTS.drawingStatus(
              props.activeRoadLabel,
              state.points.length,
              formatMetres(lineLengthMetres(state.points)),
            )
          : selectedLine
            ? TEXTS.editingStatus
            : TEXTS.idleStatus}
      </p>
    </div>
  );
}
