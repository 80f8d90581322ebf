import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404 Not Found"
        subTitle="Halaman yang Anda cari tidak ditemukan."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return Home Page
          </Button>
        }
      />
    </main>
  );
}
