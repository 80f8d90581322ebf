import { describe, expect, it } from 'vitest';
import { recordIdOf } from './record-id.ts';

describe('recordIdOf', () => {
  it('reads a positive integer', () => {
    expect(recordIdOf('1')).toBe(1);
    expect(recordIdOf('42')).toBe(42);
    expect(recordIdOf('999999999')).toBe(999_999_999);
  });

  it.each([undefined, null, '', 'abc', '0', '000', '-1', '1.5', '1e3', ' 7', '7abc', '0x10', '1234567890'])(
    'refuses %j, which names no record',
    (raw) => {
      expect(recordIdOf(raw)).toBeNull();
    },
  );
});
