import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import { useRef } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { FormatButtons, type TextFormat } from '../../../components/rich-text/FormatButtons.tsx';
import { loadWorkNotes, type WorkNoteOption } from '../api.ts';
import { normalizeRichText } from '../form-values.ts';
import { workNoteParagraphs } from '../work-notes.ts';

/** Only what the server's sanitiser keeps of a survey text. */
const SURVEY_FORMATS: readonly TextFormat[] = ['bold', 'italic', 'bulletList', 'orderedList'];

/**
 * The extensions those formats need, named one by one: StarterKit would also bring links (with linkify),
 * code, headings and quotes into the survey form's code, which the texts cannot keep.
 */
const SURVEY_EXTENSIONS = [
  Document,
  Paragraph,
  Text,
  HardBreak,
  Bold,
  Italic,
  BulletList,
  OrderedList,
  ListItem,
  ListKeymap,
  UndoRedo,
];

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
    extensions: SURVEY_EXTENSIONS,
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
