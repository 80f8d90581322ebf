import { formatRupiah } from '@eusulan/shared';
import { Input } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  formatMoney,
  hasUnwantedFraction,
  isNumberKey,
  type MoneyOptions,
  moneyOptions,
  noDecimalsHint,
  parseMoney,
} from './money.ts';
import './money-input.css';

export interface MoneyInputProps {
  value?: number | null;
  onChange?(value: number | null): void;
  options?: Partial<MoneyOptions>;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error' | 'warning';
  testId?: string;
}

const ALWAYS_ALLOWED = new Set([
  'Tab',
  'Enter',
  'Escape',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/**
 * A masked money field (spec §5): it shows the formatted text and hands the form a number (or null when
 * blank with allowBlank). Typing keeps only digits; the last `precision` digits are the fraction. In a field
 * without decimals the decimal sign is refused with a word under the field, and a pasted fraction is not
 * taken: folded into the digits it would make the amount a hundred times larger.
 */
export function MoneyInput({
  value,
  onChange,
  options,
  id,
  placeholder,
  disabled,
  status,
  testId,
}: MoneyInputProps) {
  const resolved = useMemo(() => moneyOptions(options), [options]);
  const [text, setText] = useState(() => formatMoney(value ?? null, resolved));
  const [hint, setHint] = useState<string | null>(null);
  const hintId = id ? `${id}-hint` : undefined;

  // A value set from outside (a record loaded for editing, a form reset) replaces what is shown.
  // A new value also ends a hint about what was typed before (a form reset keeps this component mounted).
  const shownRef = useRef(text);
  shownRef.current = text;
  useEffect(() => {
    if (parseMoney(shownRef.current, resolved) === (value ?? null)) return;
    setText(formatMoney(value ?? null, resolved));
    setHint(null);
  }, [value, resolved]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || ALWAYS_ALLOWED.has(event.key)) return;
    if (resolved.allowNegative && event.key === '-') return;
    if (
      resolved.precision === 0 &&
      event.key === resolved.decimal &&
      resolved.decimal !== resolved.thousands
    ) {
      setHint(noDecimalsHint(resolved.decimal));
    }
    if (!isNumberKey(event.key)) event.preventDefault();
  };

  return (
    <>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        status={hint ? 'warning' : status}
        value={text}
        onKeyDown={handleKeyDown}
        onChange={(event) => {
          if (hasUnwantedFraction(event.target.value, resolved)) {
            setHint(noDecimalsHint(resolved.decimal));
            return;
          }
          // The hint stays while typing goes on: digits typed after a refused comma still count, and the
          // amount they make is shown right above it.
          const formatted = formatMoney(event.target.value, resolved);
          setText(formatted);
          onChange?.(parseMoney(formatted, resolved));
        }}
        // Gone when the field is entered again, not when it is left: the buttons below would move under
        // the pointer of someone clicking Simpan straight from the field.
        onFocus={() => setHint(null)}
        aria-describedby={hint ? hintId : undefined}
        data-testid={testId}
      />
      {hint ? (
        <div
          id={hintId}
          className="money-input__hint"
          role="alert"
          data-testid={testId ? `${testId}-hint` : undefined}
        >
          {hint}
        </div>
      ) : null}
    </>
  );
}

/** Spec §9 Rupiah display: id-ID grouping, up to 5 fraction digits; '-' when empty. */
export function Rupiah({ value }: { value: number | string | null | undefined }) {
  return <span className="rupiah">{formatRupiah(value)}</span>;
}
