import { ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ChangePasswordProvider } from '../features/auth/components/ChangePasswordProvider.tsx';
import { requestFeedbackHost } from '../lib/feedback.tsx';
import { ANTD_LOCALE } from '../lib/locale.ts';

/** Around every signed-in route: antd's Indonesian texts, the dialog host and the 'Ubah Password' modal. */
export function SignedInFrame() {
  useEffect(requestFeedbackHost, []);
  return (
    <ConfigProvider locale={ANTD_LOCALE}>
      <ChangePasswordProvider>
        <Outlet />
      </ChangePasswordProvider>
    </ConfigProvider>
  );
}
