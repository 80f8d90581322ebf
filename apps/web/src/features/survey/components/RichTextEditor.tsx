import type { Command } from '@tiptap/pm/state';
import { EditorView } from '@tiptap/pm/view';
import { useEffect, useRef, useState } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { activeBits, FormatButtons } from '../../../components/rich-text/FormatButtons.tsx';
import { loadWorkNotes, type WorkNoteOption } from '../api.ts';
import { normalizeRichText } from '../form-values.ts';
import {
  formatCommand,
  insertParagraphs,
  isFormatActive,
  SURVEY_TEXT_FORMATS,
  surveyTextHtml,
  surveyTextState,
} from '../survey-text.ts';
import { workNoteParagraphs } from '../work-notes.ts';

export interface RichTextEditorProps {
  /** HTML; read when the editor is created, after that the editor owns the text. */
  value: string;
  onChange(html: string): void;
  label: string;
  testId: string;
}

/**
 * A small editor for the survey's rich texts: bold, italic, bullet and numbered lists, and a picker that
 * inserts a standard work note (Catatan Pekerjaan) where the cursor is. ProseMirror directly (survey-text.ts),
 * not through Tiptap, which would add 45 KB to a route a phone opens on site; what the server keeps of the
 * text is sanitised there (sanitize-html), so the editor offers only what survives that.
 */
export function RichTextEditor({ value, onChange, label, testId }: RichTextEditorProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const initialValue = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [active, setActive] = useState(0);

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const view: EditorView = new EditorView(mount, {
      state: surveyTextState(initialValue.current),
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': testId },
      dispatchTransaction(transaction) {
        const state = view.state.apply(transaction);
        view.updateState(state);
        setActive(activeBits(SURVEY_TEXT_FORMATS, (format) => isFormatActive(state, format)));
        if (transaction.docChanged) onChangeRef.current(normalizeRichText(surveyTextHtml(state.doc)));
      },
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [label, testId]);

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  };
  const insertWorkNote = (note: WorkNoteOption | null) => {
    if (note) run(insertParagraphs(workNoteParagraphs(note)));
  };

  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label={`Format ${label}`}>
        <FormatButtons
          formats={SURVEY_TEXT_FORMATS}
          active={active}
          onToggle={(format) => run(formatCommand(format))}
        />
        <div className="rich-text__note-picker">
          <RemoteSelect<WorkNoteOption>
            load={loadWorkNotes}
            value={null}
            onChange={insertWorkNote}
            placeholder="Sisipkan Catatan Pekerjaan"
            ariaLabel={`Sisipkan Catatan Pekerjaan ke ${label}`}
            testId={`${testId}-work-note`}
          />
        </div>
      </div>
      <div ref={mountRef} className="rich-text__content" />
    </div>
  );
}
