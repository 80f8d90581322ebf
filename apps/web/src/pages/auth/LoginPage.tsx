import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGO_HEIGHT, ZLogin } from '@eusulan/shared';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME } from '../../app/routes.ts';
import { Logo } from '../../components/Logo.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { useCaptchaConfig, useLogin } from '../../features/auth/api.ts';
import { BotCheck, type BotCheckHandle } from '../../features/auth/components/BotCheck.tsx';
import { describeLoginFailure } from '../../features/auth/login-errors.ts';
import { startSession } from '../../features/auth/session.ts';
import { handleApiError } from '../../lib/errors.ts';
import { zodRule } from '../../lib/form-rules.ts';

interface LoginValues {
  username: string;
  password: string;
}

const USERNAME_RULES = [zodRule(ZLogin.shape.username)];
const PASSWORD_RULES = [zodRule(ZLogin.shape.password)];

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const appInfo = useAppInfo();
  const captcha = useCaptchaConfig();
  const login = useLogin();
  const botCheck = useRef<BotCheckHandle>(null);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const needsBotCheck = captcha.data?.provider !== 'none';
  const canSubmit = captcha.isSuccess && !login.isPending && (!needsBotCheck || Boolean(botToken));

  const submit = ({ username, password }: LoginValues) => {
    setFailure(null);
    login.mutate(
      { username, password, recaptcha: botToken ?? '' },
      {
        onSuccess: (result) => {
          startSession(result.auth.accessToken, result.user);
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          botCheck.current?.reset();
          setBotToken(null);
          const loginFailure = describeLoginFailure(error);
          if (!loginFailure) {
            handleApiError(error);
            return;
          }
          setFailure(loginFailure.alert);
          form.setFields(
            Object.entries(loginFailure.fieldErrors).map(([name, errors]) => ({
              name: name as keyof LoginValues,
              errors,
            })),
          );
        },
      },
    );
  };

  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-card__brand">
          <Logo height={LOGO_HEIGHT.sideMenu} />
          <Typography.Text type="secondary" className="login-card__agency" data-testid="login-agency">
            {appInfo.data ? `${appInfo.data.agencyName} ${appInfo.data.cityName}`.trim() : '\u00a0'}
          </Typography.Text>
        </div>
        <Typography.Title level={4} className="login-card__title">
          Masuk ke akun Anda
        </Typography.Title>

        {failure ? (
          <Alert
            className="login-card__alert"
            type="error"
            showIcon
            title={failure}
            data-testid="login-error"
          />
        ) : null}
        {captcha.isError ? (
          <Alert
            className="login-card__alert"
            type="warning"
            showIcon
            title="Pengaturan verifikasi gagal dimuat."
            action={
              <Button size="small" onClick={() => void captcha.refetch()}>
                Coba lagi
              </Button>
            }
          />
        ) : null}

        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          autoComplete="on"
          data-testid="login-form"
        >
          <Form.Item label="Username" name="username" rules={USERNAME_RULES}>
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              placeholder="Username"
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={PASSWORD_RULES}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder="Password"
              data-testid="login-password"
            />
          </Form.Item>
          {captcha.data ? (
            <Form.Item>
              <BotCheck config={captcha.data} onChange={setBotToken} ref={botCheck} />
            </Form.Item>
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            disabled={!canSubmit}
            data-testid="login-submit"
          >
            {login.isPending ? 'Memproses...' : 'Masuk'}
          </Button>
        </Form>

        <nav className="login-card__links" aria-label="Informasi">
          <Link to="/contact-us">Contact Us</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </Card>
      <p className="login-page__footer">
        © {new Date().getFullYear()} {appInfo.data?.appName ?? APP_NAME}
      </p>
    </main>
  );
}
