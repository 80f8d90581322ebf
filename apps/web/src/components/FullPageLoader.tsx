import { Spin } from 'antd';

export function FullPageLoader({ tip = 'Memuat...' }: { tip?: string }) {
  return (
    <div className="full-page-loader" data-testid="full-page-loader" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="full-page-loader__tip">{tip}</span>
    </div>
  );
}

/** A loader for the content area while a lazily loaded screen arrives; the shell stays in place. */
export function ContentLoader() {
  return (
    <div className="content-loader" role="status" aria-live="polite">
      <Spin />
    </div>
  );
}
