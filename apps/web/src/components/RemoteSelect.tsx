import { CheckOutlined } from '@ant-design/icons';
import { Input, type InputRef, type RefSelectProps, Select } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useOptionCursor } from './use-option-cursor.ts';
import { type OptionLoader, useRemoteOptions } from './use-remote-options.ts';

export const SELECT_TEXTS = {
  loading: 'Harap Tunggu...',
  empty: 'Tidak Ada Data',
  placeholder: 'Pilih Data',
  search: 'Search',
} as const;

export interface SelectOption {
  id: number | string;
  name?: string;
}

type LabelledValue = { value: number | string; label: React.ReactNode };

interface BaseProps<TOption extends SelectOption> {
  load: OptionLoader<TOption>;
  /** The text of an option; its name by default. */
  labelOf?(option: TOption): string;
  disabled?: boolean;
  /** Reloads the options when the loader's own parameters change (e.g. the user being edited). */
  reloadKey?: string;
  placeholder?: string;
  id?: string;
  /** The field's name for assistive technology where no <label> points at it (a label without a form name). */
  ariaLabel?: string;
  testId?: string;
  status?: 'error' | 'warning';
}

interface SingleProps<TOption extends SelectOption> extends BaseProps<TOption> {
  mode?: undefined;
  value?: TOption | null;
  /** Cleared: null. */
  onChange?(value: TOption | null): void;
}

interface MultipleProps<TOption extends SelectOption> extends BaseProps<TOption> {
  mode: 'multiple';
  value?: TOption[] | null;
  onChange?(value: TOption[]): void;
}

export type RemoteSelectProps<TOption extends SelectOption> = SingleProps<TOption> | MultipleProps<TOption>;

const NO_OPTIONS: LabelledValue[] = [];

const defaultLabel = (option: SelectOption) => option.name ?? String(option.id);

/**
 * A select whose options come from the server (spec §4, §7): a 'Search' box in the dropdown searched after
 * 800 ms, 'Harap Tunggu...' while loading, 'Tidak Ada Data' when nothing matches. Single: clearable to
 * null. Multiple: options toggle, each chosen item can be removed and all can be cleared. The value is the
 * option object itself, so a record being edited shows its label without loading the options.
 */
export function RemoteSelect<TOption extends SelectOption>(props: RemoteSelectProps<TOption>) {
  const {
    load,
    labelOf = defaultLabel,
    disabled,
    reloadKey,
    placeholder,
    id,
    ariaLabel,
    testId,
    status,
  } = props;
  const [isOpen, setIsOpen] = useState(false);
  const { searchText, setSearchText, options, isLoading } = useRemoteOptions(load, isOpen, reloadKey);
  const searchRef = useRef<InputRef>(null);
  const selectRef = useRef<RefSelectProps>(null);
  const listId = useId();

  // Focus the search box once the dropdown is mounted. Not autoFocus: focus leaving the select before antd
  // knows its dropdown element makes antd close the dropdown again.
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => searchRef.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [isOpen]);

  const chosen: TOption[] = useMemo(() => {
    if (props.mode === 'multiple') return props.value ?? [];
    return props.value ? [props.value] : [];
  }, [props.mode, props.value]);

  const known = useMemo(() => {
    const byId = new Map<string, TOption>();
    for (const option of [...chosen, ...options]) byId.set(String(option.id), option);
    return byId;
  }, [chosen, options]);

  const toLabelled = (option: TOption): LabelledValue => ({ value: option.id, label: labelOf(option) });
  const fromLabelled = (item: LabelledValue) => known.get(String(item.value));
  const chosenIds = new Set(chosen.map((option) => String(option.id)));

  const handleChange = (next: LabelledValue | LabelledValue[] | undefined | null) => {
    if (props.mode === 'multiple') {
      const items = Array.isArray(next) ? next : [];
      props.onChange?.(items.map(fromLabelled).filter((option): option is TOption => Boolean(option)));
    } else {
      const item = Array.isArray(next) ? next[0] : next;
      props.onChange?.(item ? (fromLabelled(item) ?? null) : null);
    }
  };

  /** Single: choose and close. Multiple: toggle the option and stay open. */
  const pick = (option: TOption) => {
    if (props.mode === 'multiple') {
      const isChosen = chosenIds.has(String(option.id));
      props.onChange?.(
        isChosen ? chosen.filter((item) => String(item.id) !== String(option.id)) : [...chosen, option],
      );
      return;
    }
    props.onChange?.(option);
    closeDropdown();
    selectRef.current?.focus();
  };

  const closeDropdown = () => {
    setIsOpen(false);
    setSearchText('');
  };

  // Stable for the cursor's waiting Enter; the latest pick (value, mode) is read through the ref.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const take = useCallback((option: TOption) => pickRef.current(option), []);
  const cursor = useOptionCursor({ options, isLoading, isOpen, hasSearch: searchText !== '', take });
  const optionId = (index: number) => `${listId}-option-${index}`;

  // The option under the keyboard stays in view as the arrows move through a long list.
  useEffect(() => {
    if (isOpen) document.getElementById(optionId(cursor.activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  /**
   * Keys on the select itself: a letter opens it and starts the search with that letter. Until the search
   * box has the focus (a moment after opening) letters go on into the search and the list's keys to the list,
   * so nothing a fast typist enters is lost.
   */
  const handleSelectKeys = (event: KeyboardEvent) => {
    if (isOpen && cursor.onKeyDown(event)) {
      event.stopPropagation();
      return;
    }
    if (disabled || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    setIsOpen(true);
    setSearchText((text) => text + event.key);
  };

  const value =
    props.mode === 'multiple' ? chosen.map(toLabelled) : chosen[0] ? toLabelled(chosen[0]) : undefined;

  // The list is drawn here rather than by antd: antd freezes its option list once focus moves into the
  // dropdown (our search box), so answers to a search would never show.
  const popup = (
    <div className="remote-select__popup" data-testid={testId ? `${testId}-popup` : undefined}>
      <div className="remote-select__search">
        <Input
          size="small"
          placeholder={SELECT_TEXTS.search}
          value={searchText}
          allowClear
          ref={searchRef}
          onChange={(event) => setSearchText(event.target.value)}
          // Keys typed here belong to the search and the list, not to the select (Backspace would remove a
          // chosen item).
          onKeyDown={(event) => {
            event.stopPropagation();
            if (cursor.onKeyDown(event)) return;
            if (event.key === 'Escape') {
              closeDropdown();
              selectRef.current?.focus();
            }
          }}
          role="combobox"
          aria-expanded
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={!isLoading && options.length ? optionId(cursor.activeIndex) : undefined}
          data-testid={testId ? `${testId}-search` : undefined}
        />
      </div>
      {isLoading || options.length === 0 ? (
        <div className="remote-select__notice" data-testid="remote-select-notice">
          {isLoading ? SELECT_TEXTS.loading : SELECT_TEXTS.empty}
        </div>
      ) : (
        <div
          id={listId}
          className="remote-select__options"
          role="listbox"
          aria-multiselectable={props.mode === 'multiple'}
        >
          {options.map((option, index) => {
            const isChosen = chosenIds.has(String(option.id));
            const isActive = index === cursor.activeIndex;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the search box's (aria-activedescendant).
              <div
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={isChosen}
                tabIndex={-1}
                className={`remote-select__option${isChosen ? ' is-chosen' : ''}${isActive ? ' is-active' : ''}`}
                // Keep the focus in the search box; the click chooses.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => cursor.setActiveIndex(index)}
                onClick={() => pick(option)}
              >
                <span>{labelOf(option)}</span>
                {isChosen ? <CheckOutlined /> : null}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );

  return (
    <Select<LabelledValue | LabelledValue[]>
      ref={selectRef}
      id={id}
      aria-label={ariaLabel}
      className="remote-select"
      data-testid={testId}
      mode={props.mode}
      labelInValue
      allowClear
      showSearch={false}
      disabled={disabled}
      status={status}
      placeholder={placeholder ?? SELECT_TEXTS.placeholder}
      value={value}
      onChange={handleChange}
      open={isOpen}
      onKeyDown={handleSelectKeys}
      onOpenChange={(open) => {
        if (open) setIsOpen(true);
        else closeDropdown();
      }}
      options={NO_OPTIONS}
      // Never shown (the popup draws its own list) but keeps antd from refusing to open an empty select.
      notFoundContent={SELECT_TEXTS.empty}
      popupRender={() => popup}
    />
  );
}
