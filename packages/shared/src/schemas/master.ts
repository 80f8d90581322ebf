import { z } from 'zod';
import { requiredText } from './auth.ts';

/** Spec §5 validation rows Road to Colour. */
export const MASTER_MESSAGES = {
  roadName: 'Nama Jalan tidak boleh kosong!',
  roadTypeName: 'Jenis Pekerjaan tidak boleh kosong!',
  photoCategoryName: 'Nama Kategori Foto tidak boleh kosong!',
  asbName: 'Nama ASB tidak boleh kosong!',
  asbPrice: 'Harga harus berupa angka bulat, tidak boleh negatif.',
  workNoteName: 'Nama Catatan Pekerjaan tidak boleh kosong!',
} as const;

const nameOf = (message: string) =>
  requiredText(message).pipe(z.string().max(200, { error: 'Maksimal 200 karakter.' }));

export const ZRoad = z.object({ name: nameOf(MASTER_MESSAGES.roadName) });
export type TRoad = z.input<typeof ZRoad>;

export const ZRoadType = z.object({ name: nameOf(MASTER_MESSAGES.roadTypeName) });
export type TRoadType = z.input<typeof ZRoadType>;

export const ZPhotoCategory = z.object({ name: nameOf(MASTER_MESSAGES.photoCategoryName) });
export type TPhotoCategory = z.input<typeof ZPhotoCategory>;

/** Price in whole Rupiah, no negatives; empty is sent as 0 (spec §5). */
export const ZAsbSurveyor = z.object({
  name: nameOf(MASTER_MESSAGES.asbName),
  price: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce
      .number({ error: MASTER_MESSAGES.asbPrice })
      .int({ error: MASTER_MESSAGES.asbPrice })
      .min(0, { error: MASTER_MESSAGES.asbPrice })
      .max(999_999_999_999, { error: MASTER_MESSAGES.asbPrice }),
  ),
});
export type TAsbSurveyor = z.input<typeof ZAsbSurveyor>;

/** Catatan Pekerjaan (DESIGN §4): a standard note a surveyor can insert into a suggestion. */
export const ZWorkNote = z.object({
  name: nameOf(MASTER_MESSAGES.workNoteName),
  description: z.string().trim().max(5000, { error: 'Maksimal 5000 karakter.' }).optional().default(''),
});
export type TWorkNote = z.input<typeof ZWorkNote>;
