import { type RefObject, useEffect, useState } from 'react';

/**
 * Spec §9: the report editor captures the report after 6 seconds. Here that is the most it waits: the
 * report counts as loaded as soon as every map has drawn its tiles and every picture has loaded or failed.
 */
export const REPORT_READY_MAX_WAIT_MS = 6000;

/** A map block marks itself with data-map-state="loading" until its tiles are done (loaded or failed). */
export const MAP_STATE_ATTRIBUTE = 'data-map-state';

/** True when no map is still loading and every picture has an answer (loaded or broken). */
export function assetsSettled(container: ParentNode): boolean {
  if (container.querySelector(`[${MAP_STATE_ATTRIBUTE}="loading"]`)) return false;
  return Array.from(container.querySelectorAll('img')).every((image) => image.complete);
}

/**
 * Resolves once the container's maps and pictures are settled, or after maxWaitMs. Event-driven: image
 * load/error events (caught on the way down) and DOM changes re-check; nothing polls.
 */
export function waitForAssets(container: HTMLElement, maxWaitMs = REPORT_READY_MAX_WAIT_MS) {
  let finish: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    const check = () => {
      if (assetsSettled(container)) finish();
    };
    const observer = new MutationObserver(check);
    const timer = window.setTimeout(() => finish(), maxWaitMs);
    finish = () => {
      observer.disconnect();
      container.removeEventListener('load', check, true);
      container.removeEventListener('error', check, true);
      window.clearTimeout(timer);
      resolve();
    };
    observer.observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [MAP_STATE_ATTRIBUTE, 'src'],
    });
    container.addEventListener('load', check, true);
    container.addEventListener('error', check, true);
    check();
  });
  return { settled, cancel: () => finish() };
}

/** Whether the report in `ref` has finished loading its maps and pictures (at most 6 s after mounting). */
export function useAssetsReady(ref: RefObject<HTMLElement | null>): boolean {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let isCurrent = true;
    const waiting = waitForAssets(container);
    // One more frame so the last tile or picture is painted before the report is captured or printed.
    waiting.settled.then(() => requestAnimationFrame(() => isCurrent && setReady(true)));
    return () => {
      isCurrent = false;
      waiting.cancel();
    };
  }, [ref]);
  return isReady;
}
