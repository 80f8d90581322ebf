import { CONSULTANT_TYPE_NAMES, type TAuthUser, type TConsultantType, type TRole } from '@eusulan/shared';
import type { UserProfileRow } from './auth.queries.ts';

type ConsultantColumns = { id: number; code: string; name: string; consultantType: TConsultantType };

/** A consultant user's userable (spec §3), shared by the auth profile and the user master. */
export function presentConsultantUserable(consultant: ConsultantColumns) {
  return {
    id: consultant.id,
    code: consultant.code,
    name: consultant.name,
    consultantType: consultant.consultantType,
    consultantTypeName: CONSULTANT_TYPE_NAMES[consultant.consultantType],
  };
}

/** The server user object of spec §3. */
export function presentAuthUser(row: UserProfileRow): TAuthUser {
  const consultant = row.consultant;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    mustChangePassword: row.mustChangePassword,
    role: { id: row.role.id, slug: row.role.slug as TRole, name: row.role.name },
    userable: consultant
      ? {
          ...presentConsultantUserable(consultant),
          district: row.district ? { id: row.district.id, name: row.district.name } : null,
        }
      : null,
  };
}
