import { Result } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ContentLoader } from '../../components/FullPageLoader.tsx';
import { useChangePasswordControls } from '../../features/auth/components/ChangePasswordProvider.tsx';

/**
 * The screen area of a signed-in layout. While a password change is required the server refuses every
 * other call, so no screen mounts (and none floods the user with 403 dialogs) until it is done.
 */
export function ShellOutlet() {
  const { isChangeRequired } = useChangePasswordControls();
  const location = useLocation();
  if (isChangeRequired) {
    return (
      <Result
        status="warning"
        title="Password harus diganti"
        subTitle="Ganti password Anda terlebih dahulu untuk melanjutkan."
      />
    );
  }
  return (
    <Suspense fallback={<ContentLoader />}>
      {/* Spec §2: a screen is re-created when its full path (path and query) changes. */}
      <Outlet key={`${location.pathname}${location.search}`} />
    </Suspense>
  );
}
