import { Spin } from 'antd';
import { Logo } from './Logo.tsx';

/** index.html's splash draws the logo this high; the app's own start-up loader draws it the same. */
const SPLASH_LOGO_HEIGHT = 64;

/**
 * A whole-page loader. `branded`: the start-up one (before the shell or a public page), with the logo as
 * index.html's splash shows it, so the page does not change when React takes over.
 */
export function FullPageLoader({ tip = 'Memuat...', branded = false }: { tip?: string; branded?: boolean }) {
  return (
    <div className="full-page-loader" data-testid="full-page-loader" role="status" aria-live="polite">
      {branded ? <Logo height={SPLASH_LOGO_HEIGHT} /> : null}
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
