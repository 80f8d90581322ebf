import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** The formatting a rich-text toolbar can offer; each editor lists only what its content may keep. */
export type TextFormat = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

const FORMATS: Record<TextFormat, { title: string; icon: ReactNode }> = {
  bold: { title: 'Tebal', icon: <BoldOutlined /> },
  italic: { title: 'Miring', icon: <ItalicOutlined /> },
  underline: { title: 'Garis bawah', icon: <UnderlineOutlined /> },
  bulletList: { title: 'Daftar berpoin', icon: <UnorderedListOutlined /> },
  orderedList: { title: 'Daftar bernomor', icon: <OrderedListOutlined /> },
};

/**
 * One bit per format of `formats`, set while the selection has it: a number, so a toolbar re-renders only
 * when a format turns on or off.
 */
export const activeBits = (formats: readonly TextFormat[], isActive: (format: TextFormat) => boolean) =>
  formats.reduce((bits, format, index) => (isActive(format) ? bits | (1 << index) : bits), 0);

/**
 * Toggle buttons for the given formats, pressed while the selection has them (survey texts, report editor).
 * The editor behind them says what is active and does the toggling.
 */
export function FormatButtons({
  formats,
  active,
  onToggle,
}: {
  formats: readonly TextFormat[];
  /** activeBits of the selection. */
  active: number;
  onToggle(format: TextFormat): void;
}) {
  return formats.map((format, index) => {
    const { title, icon } = FORMATS[format];
    const isActive = (active & (1 << index)) !== 0;
    return (
      <Tooltip key={format} title={title}>
        <Button
          size="small"
          type={isActive ? 'primary' : 'text'}
          icon={icon}
          aria-label={title}
          aria-pressed={isActive}
          onClick={() => onToggle(format)}
        />
      </Tooltip>
    );
  });
}
