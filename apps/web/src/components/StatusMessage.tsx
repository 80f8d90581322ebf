import { WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A screen's message where its content cannot be shown (a warning icon, a title, what to do). antd's Result
 * does the same but carries its 403/404/500 illustrations into every route that imports it; those stay on
 * the error pages.
 */
export function StatusMessage({ title, text, extra }: { title: string; text?: string; extra?: ReactNode }) {
  return (
    <div className="status-message" role="status">
      <WarningFilled className="status-message__icon" aria-hidden="true" />
      <h2 className="status-message__title">{title}</h2>
      {text ? <p className="status-message__text">{text}</p> : null}
      {extra ? <div className="status-message__extra">{extra}</div> : null}
    </div>
  );
}
