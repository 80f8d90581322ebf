import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIsFeedbackHostRequested } from '../lib/feedback.tsx';
import { queryClient } from '../lib/query-client.ts';

const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1565c0',
    borderRadius: 6,
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fa' } },
};

const FeedbackHost = lazy(async () => ({ default: (await import('./feedback-host.tsx')).FeedbackHost }));

/** Mounts the dialog and toast host once a screen or the error handler asks for it (lib/feedback.tsx). */
function OnDemandFeedbackHost() {
  const isRequested = useIsFeedbackHostRequested();
  return isRequested ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/**
 * What every route needs: the antd theme and TanStack Query. The Indonesian locale comes with the signed-in
 * screens (LocaleProvider) and the dialog host, so the login page loads neither and opens sooner.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={THEME}>
      <QueryClientProvider client={queryClient}>
        {children}
        <OnDemandFeedbackHost />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
