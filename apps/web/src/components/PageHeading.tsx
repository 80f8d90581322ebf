import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title row; `extra` holds the screen's actions (e.g. Tambah Data) on the right. */
export function PageHeading({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-heading">
      <Typography.Title level={3} className="page-heading__title">
        {title}
      </Typography.Title>
      {extra ? <div className="page-heading__extra">{extra}</div> : null}
    </div>
  );
}
