import { App } from 'antd';

type FeedbackApi = ReturnType<typeof App.useApp>;

/**
 * antd's modal/message/notification hooks only work inside <App>; this bridge hands them to code that
 * runs outside React (the common error handler, query-cache callbacks).
 */
let feedbackApi: FeedbackApi | null = null;

export function FeedbackBridge() {
  feedbackApi = App.useApp();
  return null;
}

export function getFeedback(): FeedbackApi | null {
  return feedbackApi;
}

/** Spec §9: toasts sit top-right, are dismissible and last 3000 ms (configured on <App>). */
export const toast = {
  success: (text: string) => feedbackApi?.notification.success({ title: text }),
  info: (text: string) => feedbackApi?.notification.info({ title: text }),
  warning: (text: string) => feedbackApi?.notification.warning({ title: text }),
  error: (text: string) => feedbackApi?.notification.error({ title: text }),
};
