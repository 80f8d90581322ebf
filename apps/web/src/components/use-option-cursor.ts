import { type KeyboardEvent, useEffect, useState } from 'react';

/**
 * The keyboard's place in a select's own option list (the WAI-ARIA combobox pattern, with
 * aria-activedescendant): each new list starts at its first option, the arrows move, Enter takes the option,
 * and Tab takes it too once the user has searched or moved (only passing through leaves the value alone).
 * Enter pressed while a search is still on its way takes the first answer when it arrives, so a clerk can
 * type a name and press Enter at once.
 */
export function useOptionCursor<TOption>(props: {
  options: TOption[];
  isLoading: boolean;
  isOpen: boolean;
  hasSearch: boolean;
  take(option: TOption): void;
}) {
  const { options, isLoading, isOpen, hasSearch, take } = props;
  const [activeIndex, setActiveIndex] = useState(0);
  const [isMoved, setIsMoved] = useState(false);
  const [isTakeWaiting, setIsTakeWaiting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list (another search's answer) starts over.
  useEffect(() => setActiveIndex(0), [options]);
  useEffect(() => {
    if (isOpen) return;
    setIsMoved(false);
    setIsTakeWaiting(false);
  }, [isOpen]);
  useEffect(() => {
    if (!isTakeWaiting || isLoading) return;
    setIsTakeWaiting(false);
    if (options[0] !== undefined) take(options[0]);
  }, [isTakeWaiting, isLoading, options, take]);

  const move = (step: number) => {
    if (!options.length) return;
    setIsMoved(true);
    setActiveIndex((index) => (index + step + options.length) % options.length);
  };

  /** Handles the list's keys typed in the search box; answers whether the key was the list's. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    const active = isLoading ? undefined : options[activeIndex];
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return true;
      case 'Enter':
        event.preventDefault();
        if (isLoading) setIsTakeWaiting(true);
        else if (active !== undefined) take(active);
        return true;
      case 'Tab':
        if (active === undefined || !(hasSearch || isMoved)) return false;
        event.preventDefault();
        take(active);
        return true;
      default:
        return false;
    }
  };

  return { activeIndex, setActiveIndex, onKeyDown };
}
