import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_MESSAGES, LOGO_HEIGHT } from '@eusulan/shared';
import { Alert, Button } from 'antd';
// The two inputs straight from their files: antd's Input index also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME } from '../../app/routes.ts';
import { Logo } from '../../components/Logo.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { useCaptchaConfig, useLogin } from '../../features/auth/api.ts';
import { BotCheck, type BotCheckHandle } from '../../features/auth/components/BotCheck.tsx';
import { describeLoginFailure } from '../../features/auth/login-errors.ts';
import { startSession } from '../../features/auth/session.ts';
import { handleApiError } from '../../lib/errors.ts';

type LoginField = 'username' | 'password';
type LoginValues = Record<LoginField, string>;
type FieldErrors = Partial<Record<LoginField, string>>;

/** Spec §5: both fields required, whitespace-only counts as empty; the texts the server's ZLogin uses. */
function validateLogin(values: LoginValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username.trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  if (!values.password.trim()) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

export function LoginPage() {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const navigate = useNavigate();
  const appInfo = useAppInfo();
  const captcha = useCaptchaConfig();
  const login = useLogin();
  const botCheck = useRef<BotCheckHandle>(null);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const needsBotCheck = captcha.data?.provider !== 'none';
  const canSubmit = captcha.isSuccess && !login.isPending && (!needsBotCheck || Boolean(botToken));

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const errors = validateLogin(values);
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    const { username, password } = values;
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
          setFieldErrors({
            username: loginFailure.fieldErrors.username?.[0],
            password: loginFailure.fieldErrors.password?.[0],
          });
        },
      },
    );
  };

  return (
    <main className="login-page">
      {/* A styled section, not antd Card: Card brings Tabs, Dropdown and Menu into this page. */}
      <section className="login-card">
        <div className="login-card__brand">
          <Logo height={LOGO_HEIGHT.sideMenu} />
          <p className="login-card__agency" data-testid="login-agency">
            {appInfo.data ? `${appInfo.data.agencyName} ${appInfo.data.cityName}`.trim() : '\u00a0'}
          </p>
        </div>
        <h1 className="login-card__title">Masuk ke akun Anda</h1>

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

        {/* A plain form keeps antd's Form (and its grid and tooltips) out of this page's JavaScript budget. */}
        <form className="login-form" onSubmit={submit} noValidate data-testid="login-form">
          <LoginInput label="Username" error={fieldErrors.username}>
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                status={fieldErrors.username ? 'error' : undefined}
                value={values.username}
                onChange={change('username')}
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                placeholder="Username"
                data-testid="login-username"
              />
            )}
          </LoginInput>
          <LoginInput label="Password" error={fieldErrors.password}>
            {(id, describedBy) => (
              <Password
                id={id}
                aria-describedby={describedBy}
                status={fieldErrors.password ? 'error' : undefined}
                value={values.password}
                onChange={change('password')}
                prefix={<LockOutlined />}
                autoComplete="current-password"
                placeholder="Password"
                data-testid="login-password"
              />
            )}
          </LoginInput>
          {/* While the settings load, the default check's room is kept, so the card does not jump when it comes. */}
          {captcha.isPending ? (
            <div className="login-form__bot-check login-form__bot-check--pending" />
          ) : null}
          {captcha.data ? (
            <div className="login-form__bot-check">
              <BotCheck config={captcha.data} onChange={setBotToken} ref={botCheck} />
            </div>
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
        </form>

        <nav className="login-card__links" aria-label="Informasi">
          <Link to="/contact-us">Contact Us</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </section>
      <p className="login-page__footer">
        © {new Date().getFullYear()} {appInfo.data?.appName ?? APP_NAME}
      </p>
    </main>
  );
}

/** A labelled field with its message underneath, linked for screen readers. */
function LoginInput({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children(id: string, describedBy: string | undefined): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="login-form__field">
      <label className="login-form__label" htmlFor={id}>
        {label}
      </label>
      {children(id, error ? errorId : undefined)}
      {error ? (
        <div className="login-form__error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
