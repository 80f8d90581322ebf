import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="403"
        title="403"
        subTitle="You Don't Have Access To The Page"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return Home Page
          </Button>
        }
      />
    </main>
  );
}
