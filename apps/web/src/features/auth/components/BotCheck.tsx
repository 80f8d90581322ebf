import type { TCaptchaConfig } from '@eusulan/shared';
import type { AltchaWidgetElement } from 'altcha';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

export interface BotCheckHandle {
  /** Spec §4: after a failed login the bot check starts over and its token is dropped. */
  reset(): void;
}

interface BotCheckProps {
  config: TCaptchaConfig;
  /** The solved token (altcha payload or reCAPTCHA response), or null when unsolved/expired. */
  onChange(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

/** The login page's bot check, per the server's captcha provider. 'none' renders nothing. */
export function BotCheck({ config, onChange, ref }: BotCheckProps) {
  if (config.provider === 'altcha' && config.challengeUrl) {
    return <AltchaCheck challengeUrl={config.challengeUrl} onChange={onChange} ref={ref} />;
  }
  if (config.provider === 'recaptcha' && config.siteKey) {
    return <RecaptchaCheck siteKey={config.siteKey} onChange={onChange} ref={ref} />;
  }
  return null;
}

/** Keeps the latest callback without re-subscribing widget events on every render. */
function useLatest<T>(value: T) {
  const latest = useRef(value);
  latest.current = value;
  return latest;
}

let altchaLoaded: Promise<unknown> | null = null;
const loadAltcha = () => {
  // The widget registers <altcha-widget>; Indonesian texts follow <html lang="id">.
  altchaLoaded ??= import('altcha').then(() => import('altcha/i18n/id'));
  return altchaLoaded;
};

interface AltchaCheckProps {
  challengeUrl: string;
  onChange(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

function AltchaCheck({ challengeUrl, onChange, ref }: AltchaCheckProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const latestOnChange = useLatest(onChange);

  useEffect(() => {
    void loadAltcha();
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      latestOnChange.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [latestOnChange]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      (widgetRef.current as AltchaWidgetElement | null)?.reset?.();
      latestOnChange.current(null);
    },
  }));

  return (
    <div className="bot-check bot-check--altcha" data-testid="bot-check-altcha">
      <altcha-widget ref={widgetRef} challenge={challengeUrl} name="recaptcha" language="id" />
    </div>
  );
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=id';
let recaptchaLoaded: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoaded ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    script.onerror = () => {
      recaptchaLoaded = null;
      reject(new Error('reCAPTCHA gagal dimuat'));
    };
    document.head.appendChild(script);
  });
  return recaptchaLoaded;
}

interface RecaptchaCheckProps {
  siteKey: string;
  onChange(token: string | null): void;
  ref?: Ref<BotCheckHandle>;
}

function RecaptchaCheck({ siteKey, onChange, ref }: RecaptchaCheckProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const latestOnChange = useLatest(onChange);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let isMounted = true;
    // A fresh element per mount: reCAPTCHA refuses to render twice into one element.
    const slot = document.createElement('div');
    host.appendChild(slot);
    loadRecaptcha()
      .then((grecaptcha) => {
        if (!isMounted) return;
        widgetId.current = grecaptcha.render(slot, {
          sitekey: siteKey,
          callback: (token) => latestOnChange.current(token),
          'expired-callback': () => latestOnChange.current(null),
          'error-callback': () => latestOnChange.current(null),
        });
      })
      .catch(() => latestOnChange.current(null));
    return () => {
      isMounted = false;
      widgetId.current = null;
      slot.remove();
    };
  }, [siteKey, latestOnChange]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
      latestOnChange.current(null);
    },
  }));

  return <div className="bot-check" data-testid="bot-check-recaptcha" ref={hostRef} />;
}
