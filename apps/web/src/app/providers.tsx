import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIsFeedbackHostRequested } from '../lib/feedback.tsx';
import { queryClient } from '../lib/query-client.ts';

/**
 * antd's defaults with the colours that fall short of WCAG 2.2 AA's 4.5:1 for text darkened (contrast on
 * white; the e2e accessibility suite checks every screen with axe-core):
 * - links #1565c0 (the primary, 5.8:1) instead of antd's #1677ff (4.1:1); hovered links and buttons
 *   #0d47a1 (8.6:1), darker rather than antd's lighter shade (4.0:1 for blue text and white on blue);
 * - secondary and description text at 58 % black (5.3:1) instead of 45 % (3.4:1), placeholders at 56 %
 *   (4.9:1) instead of 25 % (1.8:1); both stay translucent, so tinted rows still tint them;
 * - danger #d32f2f (5.0:1, also white on it) instead of #ff4d4f (3.3:1), hovered #b71c1c;
 * - the text of the green, gold and orange tags one or two palette steps darker (5.4:1, 6.5:1, 5.1:1 on
 *   their own backgrounds), the tags' fill and border unchanged.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1565c0',
    colorPrimaryHover: '#0d47a1',
    colorLink: '#1565c0',
    colorLinkHover: '#0d47a1',
    colorError: '#d32f2f',
    colorErrorHover: '#b71c1c',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 6,
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fa' },
    Tag: { green7: '#237804', gold7: '#874d00', orange7: '#ad4e00' },
  },
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
