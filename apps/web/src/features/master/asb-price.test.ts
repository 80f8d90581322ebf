import { describe, expect, it } from 'vitest';
import { unusualAsbPrice } from './asb-price.ts';

describe('an unusual ASB price asks before it is saved', () => {
  it('lets the usual prices and the empty price through', () => {
    for (const price of [0, null, undefined, 1_000, 185_000, 10_000_000])
      expect(unusualAsbPrice(price)).toBeNull();
  });

  it('asks about a price a hundred times too large (a fraction typed as digits)', () => {
    expect(unusualAsbPrice(12_500_075)).toBe(
      'Harga Rp 12.500.075 jauh di atas harga satuan ASB yang biasa (paling banyak Rp 10.000.000). Periksa jumlah nol dan tanda desimalnya. Tetap simpan?',
    );
  });

  it('asks about a price with zeros missing', () => {
    expect(unusualAsbPrice(185)).toMatch(/^Harga Rp 185 jauh di bawah .*paling sedikit Rp 1\.000\)/);
  });
});
