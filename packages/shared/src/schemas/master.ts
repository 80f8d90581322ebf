import { CONSULTANT_TYPES } from '../enums.ts';
import { requiredText } from './auth.ts';
import { recordId } from './record-id.ts';
import { z } from './zod.ts';

/** A colour as Warna Jenis Pekerjaan stores it: #rgb or #rrggbb. */
export const HEX_COLOR_PATTERN = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** Spec §5 validation rows Road to Colour. */
export const MASTER_MESSAGES = {
  roadName: 'Nama Jalan tidak boleh kosong!',
  roadTypeName: 'Jenis Pekerjaan tidak boleh kosong!',
  photoCategoryName: 'Nama Kategori Foto tidak boleh kosong!',
  asbName: 'Nama ASB tidak boleh kosong!',
  asbPrice: 'Harga harus berupa angka bulat, tidak boleh negatif.',
  workNoteName: 'Nama Catatan Pekerjaan tidak boleh kosong!',
  subdistrictName: 'Nama Kecamatan tidak boleh kosong!',
  subdistrictDistrict: 'Wilayah tidak boleh kosong!',
  villageName: 'Nama Kelurahan tidak boleh kosong!',
  villageSubdistrict: 'Kecamatan tidak boleh kosong!',
  consultantName: 'Nama Konsultan tidak boleh kosong!',
  consultantType: 'Pilih Salah Satu',
  consultantCode: 'Kode tidak boleh kosong!',
  consultantDistrict: 'Wilayah tidak boleh kosong!',
  colorTypeWork: 'Jenis Pekerjaan tidak boleh kosong!',
  color: 'Warna tidak boleh kosong!',
  colorFormat: 'Warna harus berupa kode hex, misalnya #e53935.',
} as const;

/** A required reference to another record: a positive id, as number or numeric string. */
export const requiredId = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), recordId(message));

/**
 * A required name no longer than its column: road, ASB, work note and consultant names take 200 characters,
 * work types, photo categories, kecamatan and kelurahan 150 (a longer one failed in the database, a 500).
 */
const nameOf = (message: string, maxLength: 150 | 200 = 200) =>
  requiredText(message).pipe(z.string().max(maxLength, { error: `Maksimal ${maxLength} karakter.` }));

export const ZRoad = z.object({ name: nameOf(MASTER_MESSAGES.roadName) });

export const ZRoadType = z.object({ name: nameOf(MASTER_MESSAGES.roadTypeName, 150) });

export const ZPhotoCategory = z.object({ name: nameOf(MASTER_MESSAGES.photoCategoryName, 150) });

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

/** Catatan Pekerjaan (DESIGN §4): a standard note a surveyor can insert into a suggestion. */
export const ZWorkNote = z.object({
  name: nameOf(MASTER_MESSAGES.workNoteName),
  description: z.string().trim().max(5000, { error: 'Maksimal 5000 karakter.' }).optional().default(''),
});

export const ZSubdistrict = z.object({
  name: nameOf(MASTER_MESSAGES.subdistrictName, 150),
  districtId: requiredId(MASTER_MESSAGES.subdistrictDistrict),
});

export const ZVillage = z.object({
  name: nameOf(MASTER_MESSAGES.villageName, 150),
  subdistrictId: requiredId(MASTER_MESSAGES.villageSubdistrict),
});

/** An internal consultant works for one district; an external one has none (a sent district is dropped). */
export const ZConsultant = z
  .object({
    name: nameOf(MASTER_MESSAGES.consultantName),
    code: requiredText(MASTER_MESSAGES.consultantCode).pipe(
      z.string().max(32, { error: 'Maksimal 32 karakter.' }),
    ),
    consultantType: z.enum(CONSULTANT_TYPES, { error: MASTER_MESSAGES.consultantType }),
    districtId: z.unknown().optional(),
  })
  .transform((value, ctx) => {
    if (value.consultantType !== 'internal') return { ...value, districtId: null };
    const district = requiredId(MASTER_MESSAGES.consultantDistrict).safeParse(value.districtId);
    if (!district.success) {
      ctx.addIssue({ code: 'custom', path: ['districtId'], message: MASTER_MESSAGES.consultantDistrict });
      return z.NEVER;
    }
    return { ...value, districtId: district.data };
  });

export const ZTypeWorkColor = z.object({
  type_work: nameOf(MASTER_MESSAGES.colorTypeWork, 150),
  color: requiredText(MASTER_MESSAGES.color).pipe(
    z.string().regex(HEX_COLOR_PATTERN, { error: MASTER_MESSAGES.colorFormat }),
  ),
});
