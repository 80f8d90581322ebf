import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** The formatting a Tiptap toolbar can offer; each editor lists only what its content may keep. */
export type TextFormat = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

const FORMATS: Record<TextFormat, { title: string; icon: ReactNode; toggle(editor: Editor): void }> = {
  bold: { title: 'Tebal', icon: <BoldOutlined />, toggle: (e) => e.chain().focus().toggleBold().run() },
  italic: {
    title: 'Miring',
    icon: <ItalicOutlined />,
    toggle: (e) => e.chain().focus().toggleItalic().run(),
  },
  underline: {
    title: 'Garis bawah',
    icon: <UnderlineOutlined />,
    toggle: (e) => e.chain().focus().toggleUnderline().run(),
  },
  bulletList: {
    title: 'Daftar berpoin',
    icon: <UnorderedListOutlined />,
    toggle: (e) => e.chain().focus().toggleBulletList().run(),
  },
  orderedList: {
    title: 'Daftar bernomor',
    icon: <OrderedListOutlined />,
    toggle: (e) => e.chain().focus().toggleOrderedList().run(),
  },
};

/** Toggle buttons for the given formats, pressed while the selection has them (survey texts, report editor). */
export function FormatButtons({ editor, formats }: { editor: Editor; formats: readonly TextFormat[] }) {
  // One number (a bit per format), so the toolbar re-renders only when a format turns on or off.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      formats.reduce((bits, format, index) => (current.isActive(format) ? bits | (1 << index) : bits), 0),
  });
  return formats.map((format, index) => {
    const { title, icon, toggle } = FORMATS[format];
    const isActive = ((active ?? 0) & (1 << index)) !== 0;
    return (
      <Tooltip key={format} title={title}>
        <Button
          size="small"
          type={isActive ? 'primary' : 'text'}
          icon={icon}
          aria-label={title}
          aria-pressed={isActive}
          onClick={() => toggle(editor)}
        />
      </Tooltip>
    );
  });
}
