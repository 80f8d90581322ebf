import type { TConsultantType, TConsultantUserable, TRole } from '@eusulan/shared';

/** Rows of the master lists as spec §3/§7 shapes them. */
export interface NamedRow {
  id: number;
  name: string;
  isActive: boolean;
}

export interface AsbRow extends NamedRow {
  price: number | string | null;
}

export interface WorkNoteRow extends NamedRow {
  description: string | null;
}

export interface IdName {
  id: number;
  name: string;
}

export interface SubdistrictRow extends NamedRow {
  district: IdName | null;
}

export interface VillageRow extends NamedRow {
  subdistrict: IdName | null;
}

export interface ConsultantRow extends NamedRow {
  code: string;
  consultantType: TConsultantType;
  consultantTypeName: string;
  district: IdName | null;
}

export interface RoleOption {
  id: number;
  name: string;
  slug: TRole;
}

export interface ConsultantOption {
  id: number;
  name: string;
  consultantType?: TConsultantType;
  consultantTypeName?: string;
}

export interface UserRow extends NamedRow {
  username: string;
  role: RoleOption;
  userable: TConsultantUserable | null;
}

export interface TypeWorkColorRow {
  id: number;
  typeWork: string;
  color: string;
}
