import { TOAST_DURATION_MS } from '@eusulan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { FeedbackBridge } from '../lib/feedback.tsx';
import { ANTD_LOCALE } from '../lib/locale.ts';
import { queryClient } from '../lib/query-client.ts';

const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1565c0',
    borderRadius: 6,
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fa' } },
};

/** antd (Indonesian locale, App hooks for modal/message/notification) and TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={ANTD_LOCALE} theme={THEME}>
      <App
        className="app-root"
        notification={{ placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }}
        message={{ duration: TOAST_DURATION_MS / 1000 }}
      >
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
