import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Alert, Button, Popconfirm, Space, Tooltip } from 'antd';
import { activeBits, FormatButtons, type TextFormat } from '../../../components/rich-text/FormatButtons.tsx';
import { REPORT_EDITOR_EXTENSIONS } from '../editor-extensions.ts';
import { REPORT_TEXTS } from '../texts.ts';
import type { TReportNode } from './ReportDocument.tsx';
import '../report-editor.css';

const REPORT_FORMATS: readonly TextFormat[] = ['bold', 'italic', 'underline', 'bulletList', 'orderedList'];

const TOGGLES: Record<TextFormat, (editor: Editor) => void> = {
  bold: (editor) => editor.chain().focus().toggleBold().run(),
  italic: (editor) => editor.chain().focus().toggleItalic().run(),
  underline: (editor) => editor.chain().focus().toggleUnderline().run(),
  bulletList: (editor) => editor.chain().focus().toggleBulletList().run(),
  orderedList: (editor) => editor.chain().focus().toggleOrderedList().run(),
};

export interface ReportEditorProps {
  /** The report as captured once it had loaded: the editor's first content and what reset returns to. */
  initialHtml: string;
  onApply(doc: TReportNode): void;
  onReset(): void;
  onClose(): void;
}

/**
 * The report's rich-text editor (Tiptap): text, headings, lists and tables edit in place, the page-break
 * marker is a horizontal rule, maps and photos are fixed blocks. Loaded only when the editor is opened.
 */
export function ReportEditor({ initialHtml, onApply, onReset, onClose }: ReportEditorProps) {
  const editor = useEditor({
    extensions: REPORT_EDITOR_EXTENSIONS,
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'report-editor__content survey-report__paper',
        'aria-label': 'Isi laporan',
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'report-editor-content',
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => activeBits(REPORT_FORMATS, (format) => current.isActive(format)),
  });
  const history = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const reset = () => {
    editor.commands.setContent(initialHtml);
    onReset();
  };

  return (
    <div className="report-editor" data-testid="report-editor">
      <Alert type="info" showIcon className="report-editor__notice" title={REPORT_TEXTS.editorInstruction} />
      <div className="report-editor__toolbar" role="toolbar" aria-label="Format laporan">
        <FormatButtons
          formats={REPORT_FORMATS}
          active={active ?? 0}
          onToggle={(format) => TOGGLES[format](editor)}
        />
        <Button
          size="small"
          onClick={() => editor.chain().focus().setHorizontalRule().run()}
          data-testid="report-editor-page-break"
        >
          {REPORT_TEXTS.pageBreak}
        </Button>
        <Tooltip title="Urungkan">
          <Button
            size="small"
            type="text"
            icon={<UndoOutlined />}
            aria-label="Urungkan"
            disabled={!history.canUndo}
            onClick={() => editor.chain().focus().undo().run()}
          />
        </Tooltip>
        <Tooltip title="Ulangi">
          <Button
            size="small"
            type="text"
            icon={<RedoOutlined />}
            aria-label="Ulangi"
            disabled={!history.canRedo}
            onClick={() => editor.chain().focus().redo().run()}
          />
        </Tooltip>
      </div>
      <div className="report-editor__frame">
        <EditorContent editor={editor} />
      </div>
      <div className="report-editor__footer">
        <Popconfirm
          title={REPORT_TEXTS.resetConfirmTitle}
          description={REPORT_TEXTS.resetConfirmText}
          okText="Ya, Kembalikan"
          cancelText="Batal"
          onConfirm={reset}
        >
          <Button data-testid="report-editor-reset">{REPORT_TEXTS.reset}</Button>
        </Popconfirm>
        <Space>
          <Button onClick={onClose} data-testid="report-editor-close">
            Tutup
          </Button>
          <Button type="primary" onClick={() => onApply(editor.getJSON())} data-testid="report-editor-apply">
            Terapkan
          </Button>
        </Space>
      </div>
    </div>
  );
}
