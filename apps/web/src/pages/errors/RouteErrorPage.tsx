import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Shown when a screen crashes or its code fails to load (e.g. after a deploy); a reload usually fixes it.
 * Drawn like antd's Result (error), without it: Result carries its 403/404/500 pictures into every route.
 * The cause goes to the console, where a failing test or a user's developer tools show it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Halaman tidak dapat ditampilkan:', error);
  }, [error]);
  return (
    <main className="error-page">
      <div className="route-error" role="alert">
        <CloseCircleFilled className="route-error__icon" />
        <div className="route-error__title">Terjadi kesalahan</div>
        <div className="route-error__subtitle">
          Halaman tidak dapat ditampilkan. Muat ulang halaman untuk mencoba lagi.
        </div>
        <div className="route-error__extra">
          <Button type="primary" onClick={() => window.location.reload()}>
            Muat Ulang
          </Button>
        </div>
      </div>
    </main>
  );
}
