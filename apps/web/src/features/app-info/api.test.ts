import { describe, expect, it } from 'vitest';
import { whatsAppLink } from './api.ts';

describe('whatsAppLink', () => {
  it('turns a local number into an international wa.me link', () => {
    expect(whatsAppLink('0812-3456-7890')).toBe('https://wa.me/6281234567890');
  });

  it('keeps a number that is already international', () => {
    expect(whatsAppLink('+62 31 5312144')).toBe('https://wa.me/62315312144');
  });
});
