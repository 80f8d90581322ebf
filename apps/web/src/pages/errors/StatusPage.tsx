import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** A full-page status (403, 404) with the way back home. */
function StatusPage({ status, title, subTitle }: { status: '403' | '404'; title: string; subTitle: string }) {
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return Home Page
          </Button>
        }
      />
    </main>
  );
}

/** Spec §2: /403. */
export const ForbiddenPage = () => (
  <StatusPage status="403" title="403" subTitle="You Don't Have Access To The Page" />
);

/** Spec §2: /404; every unknown path lands here. */
export const NotFoundPage = () => (
  <StatusPage status="404" title="404 Not Found" subTitle="Halaman yang Anda cari tidak ditemukan." />
);
