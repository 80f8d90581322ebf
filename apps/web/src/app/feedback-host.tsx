import { TOAST_DURATION_MS } from '@eusulan/shared';
import { App, ConfigProvider } from 'antd';
import { useLayoutEffect } from 'react';
import { connectFeedback } from '../lib/feedback.tsx';
import { ANTD_LOCALE } from '../lib/locale.ts';

function Connect() {
  const api = App.useApp();
  useLayoutEffect(() => connectFeedback(api), [api]);
  return null;
}

/**
 * The one antd <App> of the page (modal, message, notification; Indonesian texts), beside the router rather
 * than around it, so it can load after the login page and a dialog outlives the screen that opened it.
 */
export function FeedbackHost() {
  return (
    <ConfigProvider locale={ANTD_LOCALE}>
      <App
        className="app-root"
        notification={{ placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }}
        message={{ duration: TOAST_DURATION_MS / 1000 }}
      >
        <Connect />
      </App>
    </ConfigProvider>
  );
}
