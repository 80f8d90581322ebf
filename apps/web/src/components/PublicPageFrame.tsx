import { Button, Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME } from '../app/routes.ts';
import { Logo } from './Logo.tsx';

/** The frame of the guest pages other than login: logo, a way back to Masuk, and a footer. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Layout className="public-frame">
      <Layout.Header className="public-frame__header">
        <Link to="/login" aria-label="Halaman login">
          <Logo height={44} />
        </Link>
        <Button type="primary" onClick={() => navigate('/login')}>
          Masuk
        </Button>
      </Layout.Header>
      <Layout.Content className="public-frame__content">{children}</Layout.Content>
      <Layout.Footer className="public-frame__footer">
        © {new Date().getFullYear()} {APP_NAME} · <Link to="/contact-us">Contact Us</Link> ·{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>
      </Layout.Footer>
    </Layout>
  );
}
