import { formatRupiah } from '@eusulan/shared';

/**
 * The unit prices an ASB item usually has, per m², m³ or m' of road work (cleaning a channel at tens of
 * thousands, rigid pavement at hundreds of thousands, a culvert at a few million). A price outside it is
 * most likely a slip of the keyboard (a missing or extra zero, a fraction typed as digits), so saving it is
 * asked about first; zero is the spec's "no price" and asked about by nobody.
 */
export const ASB_USUAL_PRICE = { min: 1_000, max: 10_000_000 } as const;

/** The question to ask before saving an unusual price, or null when the price looks right. */
export function unusualAsbPrice(price: number | null | undefined): string | null {
  if (!price) return null;
  if (price < ASB_USUAL_PRICE.min) {
    return `Harga ${formatRupiah(price)} jauh di bawah harga satuan ASB yang biasa (paling sedikit ${formatRupiah(ASB_USUAL_PRICE.min)}). Periksa jumlah nolnya. Tetap simpan?`;
  }
  if (price > ASB_USUAL_PRICE.max) {
    return `Harga ${formatRupiah(price)} jauh di atas harga satuan ASB yang biasa (paling banyak ${formatRupiah(ASB_USUAL_PRICE.max)}). Periksa jumlah nol dan tanda desimalnya. Tetap simpan?`;
  }
  return null;
}
