import { formatRupiah } from '@eusulan/shared';
import { Input } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { formatMoney, isNumberKey, type MoneyOptions, moneyOptions, parseMoney } from './money.ts';

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
 * blank with allowBlank). Typing keeps only digits; the last `precision` digits are the fraction.
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

  // A value set from outside (a record loaded for editing, a form reset) replaces what is shown.
  useEffect(() => {
    setText((shown) =>
      parseMoney(shown, resolved) === (value ?? null) ? shown : formatMoney(value ?? null, resolved),
    );
  }, [value, resolved]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || ALWAYS_ALLOWED.has(event.key)) return;
    if (resolved.allowNegative && event.key === '-') return;
    if (!isNumberKey(event.key)) event.preventDefault();
  };

  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      value={text}
      onKeyDown={handleKeyDown}
      onChange={(event) => {
        const formatted = formatMoney(event.target.value, resolved);
        setText(formatted);
        onChange?.(parseMoney(formatted, resolved));
      }}
      data-testid={testId}
    />
  );
}

/** Spec §9 Rupiah display: id-ID grouping, up to 5 fraction digits; '-' when empty. */
export function Rupiah({ value }: { value: number | string | null | undefined }) {
  return <span className="rupiah">{formatRupiah(value)}</span>;
}
