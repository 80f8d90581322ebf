import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { FormatButtons, type TextFormat } from '../../../components/rich-text/FormatButtons.tsx';
import { loadWorkNotes, type WorkNoteOption } from '../api.ts';
import { normalizeRichText } from '../form-values.ts';
import { workNoteParagraphs } from '../work-notes.ts';

/** Only what the server's sanitiser keeps of a survey text. */
const SURVEY_FORMATS: readonly TextFormat[] = ['bold', 'italic', 'bulletList', 'orderedList'];

export interface RichTextEditorProps {
  /** HTML; read when the editor is created, after that the editor owns the text. */
  value: string;
  onChange(html: string): void;
  label: string;
  testId: string;
}

/**
 * A small Tiptap editor for the survey's rich texts: bold, italic, bullet and numbered lists, and a picker
 * that inserts a standard work note (Catatan Pekerjaan) where the cursor is. What the server keeps of it is
 * sanitised there (sanitize-html), so the editor offers only what survives that.
 */
export function RichTextEditor({ value, onChange, label, testId }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': testId },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(normalizeRichText(current.getHTML())),
  });
  const insertWorkNote = (note: WorkNoteOption | null) => {
    if (!note) return;
    editor
      .chain()
      .focus()
      // Text nodes, not HTML: a note's description is plain text and must never be read as markup.
      .insertContent(
        workNoteParagraphs(note).map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
      )
      .run();
  };

  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label={`Format ${label}`}>
        <FormatButtons editor={editor} formats={SURVEY_FORMATS} />
        <div className="rich-text__note-picker">
          <RemoteSelect<WorkNoteOption>
            load={loadWorkNotes}
            value={null}
            onChange={insertWorkNote}
            placeholder="Sisipkan Catatan Pekerjaan"
            testId={`${testId}-work-note`}
          />
        </div>
      </div>
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}
