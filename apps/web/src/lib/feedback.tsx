import type { App } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';

type FeedbackApi = ReturnType<typeof App.useApp>;

/**
 * antd's modal/message/notification hooks only work inside <App>. One <App> is mounted beside the router
 * (app/feedback-host.tsx) and hands its API here, so code outside React (the common error handler,
 * query-cache callbacks) and every screen share it, and a dialog outlives the screen that opened it (the
 * password-change notice stays up after sign-out). The host and its dialog code load with the first signed-in
 * screen or the first call made before that (an error on the login page), not with the login page itself.
 */
let feedbackApi: FeedbackApi | null = null;
let isHostRequested = false;
const pending: ((api: FeedbackApi) => void)[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Asks the root to mount the host; a no-op once asked. */
export function requestFeedbackHost(): void {
  if (isHostRequested) return;
  isHostRequested = true;
  notify();
}

/** Calls made before the host is mounted wait for it and then run in order. */
function deferred<TKey extends keyof FeedbackApi>(key: TKey): FeedbackApi[TKey] {
  return new Proxy({} as FeedbackApi[TKey], {
    get:
      (_target, method) =>
      (...args: unknown[]) => {
        pending.push((api) =>
          (api[key] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]?.(...args),
        );
        requestFeedbackHost();
      },
  });
}

const deferredApi: FeedbackApi = {
  message: deferred('message'),
  notification: deferred('notification'),
  modal: deferred('modal'),
};

/** The mounted host's API, or one that queues calls until the host is there. */
export function getFeedback(): FeedbackApi {
  return feedbackApi ?? deferredApi;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the root should mount the host. */
export function useIsFeedbackHostRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isHostRequested,
    () => isHostRequested,
  );
}

/** modal / message / notification for screens (instead of App.useApp, which needs <App> above the screen). */
export function useFeedback(): FeedbackApi {
  useEffect(requestFeedbackHost, []);
  return useSyncExternalStore(subscribe, getFeedback, getFeedback);
}

/** The host's <App> hands over its API: the calls that waited run now. Returns the disconnect. */
export function connectFeedback(api: FeedbackApi): () => void {
  feedbackApi = api;
  for (const call of pending.splice(0)) call(api);
  notify();
  return () => {
    if (feedbackApi !== api) return;
    feedbackApi = null;
    notify();
  };
}

/** Spec §9: toasts sit top-right, are dismissible and last 3000 ms (configured on the host's <App>). */
export const toast = {
  success: (text: string) => getFeedback().notification.success({ title: text }),
  info: (text: string) => getFeedback().notification.info({ title: text }),
  warning: (text: string) => getFeedback().notification.warning({ title: text }),
  error: (text: string) => getFeedback().notification.error({ title: text }),
};
