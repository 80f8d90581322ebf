import { Input } from 'antd';

interface ColorInputProps {
  value?: string;
  onChange?(value: string): void;
  id?: string;
  status?: 'error' | 'warning';
  testId?: string;
}

const FALLBACK = '#000000';
const isHex6 = (value: string | undefined) => Boolean(value && /^#[0-9a-fA-F]{6}$/.test(value));

/**
 * A colour picker: the browser's own picker next to a hex text box, both editing one '#rrggbb' value.
 * antd's ColorPicker was left out on purpose: its package is shared with antd's Button, so using it moves
 * about 6 KB into a chunk the login page loads (docs/performance.md budget).
 */
export function ColorInput({ value, onChange, id, status, testId }: ColorInputProps) {
  return (
    <div className="color-input" data-testid={testId}>
      <input
        type="color"
        className="color-input__picker"
        aria-label="Pilih warna"
        value={isHex6(value) ? (value as string).toLowerCase() : FALLBACK}
        onChange={(event) => onChange?.(event.target.value)}
        data-testid={testId ? `${testId}-picker` : undefined}
      />
      <Input
        id={id}
        status={status}
        placeholder="#e53935"
        maxLength={7}
        value={value ?? ''}
        onChange={(event) => {
          const text = event.target.value.trim();
          onChange?.(text && !text.startsWith('#') ? `#${text}` : text);
        }}
        data-testid={testId ? `${testId}-hex` : undefined}
      />
    </div>
  );
}
