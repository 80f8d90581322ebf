import { Suspense } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ContentLoader } from '../../components/FullPageLoader.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useChangePasswordControls } from '../../features/auth/components/ChangePasswordProvider.tsx';

/**
 * The screen area of a signed-in layout. While a password change is required the server refuses every
 * other call, so no screen mounts (and none floods the user with 403 dialogs) until it is done. While the
 * router loads another screen's code and first data, its loader stands in for the screen being left.
 */
export function ShellOutlet() {
  const { isChangeRequired } = useChangePasswordControls();
  const location = useLocation();
  const navigation = useNavigation();
  const isOpeningAnotherScreen =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  if (isChangeRequired) {
    return (
      <StatusMessage
        title="Password harus diganti"
        text="Ganti password Anda terlebih dahulu untuk melanjutkan."
      />
    );
  }
  if (isOpeningAnotherScreen) return <ContentLoader />;
  return (
    <Suspense fallback={<ContentLoader />}>
      {/* Spec §2: a screen is re-created when its full path (path and query) changes. */}
      <Outlet key={`${location.pathname}${location.search}`} />
    </Suspense>
  );
}
