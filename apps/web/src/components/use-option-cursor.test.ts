import { act, renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useOptionCursor } from './use-option-cursor.ts';

const press = (key: string) => {
  const event = { key, preventDefault: vi.fn() } as unknown as KeyboardEvent & { preventDefault: () => void };
  return event;
};

type CursorProps = Parameters<typeof useOptionCursor>[0];

function setup(initial: { options: string[]; isLoading?: boolean; hasSearch?: boolean }) {
  const take = vi.fn();
  const hook = renderHook((props: CursorProps) => useOptionCursor(props), {
    initialProps: { isLoading: false, isOpen: true, hasSearch: false, take, ...initial },
  });
  return { take, hook };
}

describe("the keyboard in a select's option list", () => {
  it('starts at the first option; the arrows move and wrap; Enter takes the option', () => {
    const { take, hook } = setup({ options: ['Keputih', 'Kejawan', 'Kalijudan'] });
    expect(hook.result.current.activeIndex).toBe(0);
    act(() => void hook.result.current.onKeyDown(press('ArrowDown')));
    act(() => void hook.result.current.onKeyDown(press('ArrowDown')));
    expect(hook.result.current.activeIndex).toBe(2);
    act(() => void hook.result.current.onKeyDown(press('ArrowDown')));
    expect(hook.result.current.activeIndex).toBe(0);
    act(() => void hook.result.current.onKeyDown(press('ArrowUp')));
    const enter = press('Enter');
    act(() => void hook.result.current.onKeyDown(enter));
    expect(take).toHaveBeenCalledWith('Kalijudan');
    expect(enter.preventDefault).toHaveBeenCalled();
  });

  it('Enter while the search is on its way takes the first answer when it arrives', () => {
    const { take, hook } = setup({ options: ['Lama'], isLoading: true, hasSearch: true });
    act(() => void hook.result.current.onKeyDown(press('Enter')));
    expect(take).not.toHaveBeenCalled();
    hook.rerender({
      options: ['Keputih', 'Keputran'],
      isLoading: false,
      isOpen: true,
      hasSearch: true,
      take,
    });
    expect(take).toHaveBeenCalledTimes(1);
    expect(take).toHaveBeenCalledWith('Keputih');
  });

  it('Tab takes the option only after a search or a move; passing through leaves the value alone', () => {
    const { take, hook } = setup({ options: ['Keputih', 'Kejawan'] });
    expect(hook.result.current.onKeyDown(press('Tab'))).toBe(false);
    expect(take).not.toHaveBeenCalled();
    act(() => void hook.result.current.onKeyDown(press('ArrowDown')));
    act(() => void hook.result.current.onKeyDown(press('Tab')));
    expect(take).toHaveBeenCalledWith('Kejawan');
  });

  it("a new list starts again at its first option; other keys are the search box's", () => {
    const { hook, take } = setup({ options: ['A', 'B'] });
    act(() => void hook.result.current.onKeyDown(press('ArrowDown')));
    hook.rerender({ options: ['C', 'D'], isLoading: false, isOpen: true, hasSearch: true, take });
    expect(hook.result.current.activeIndex).toBe(0);
    expect(hook.result.current.onKeyDown(press('k'))).toBe(false);
  });
});
