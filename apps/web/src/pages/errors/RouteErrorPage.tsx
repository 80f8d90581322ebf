import { Button, Result } from 'antd';

/** Shown when a screen crashes or its code fails to load (e.g. after a deploy); a reload usually fixes it. */
export function RouteErrorPage() {
  return (
    <main className="error-page">
      <Result
        status="error"
        title="Terjadi kesalahan"
        subTitle="Halaman tidak dapat ditampilkan. Muat ulang halaman untuk mencoba lagi."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Muat Ulang
          </Button>
        }
      />
    </main>
  );
}
