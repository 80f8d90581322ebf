/** Role slugs as the server stores them, with the names the UI shows (spec §1). */
export const ROLES = ['admin', 'consultan', 'structural', 'umum'] as const;
export type TRole = (typeof ROLES)[number];
export const ROLE_NAMES: Record<TRole, string> = {
  admin: 'Administrator',
  consultan: 'Rayon',
  structural: 'Struktural',
  umum: 'Umum',
};

export const CONSULTANT_TYPES = ['internal', 'external'] as const;
export type TConsultantType = (typeof CONSULTANT_TYPES)[number];
export const CONSULTANT_TYPE_NAMES: Record<TConsultantType, string> = {
  internal: 'Internal',
  external: 'Eksternal',
};

export const PROPOSAL_TYPES = ['taruna', 'umum', 'pokir', 'musrenbang'] as const;
export type TProposalType = (typeof PROPOSAL_TYPES)[number];
export const PROPOSAL_TYPE_NAMES: Record<TProposalType, string> = {
  taruna: 'Taruna',
  umum: 'Umum',
  pokir: 'Pokir',
  musrenbang: 'Musrenbang',
};

export const STATUS_TYPES = ['unverified', 'verified', 'surveyed', 'finished'] as const;
export type TStatusType = (typeof STATUS_TYPES)[number];

/** Stored process values; the UI options are proyek, swakelola, pending (spec §9). */
export const PROCESS_TYPES = ['project', 'self_management', 'pending'] as const;
export type TProcessType = (typeof PROCESS_TYPES)[number];
export const PROCESS_TYPE_NAMES: Record<TProcessType, string> = {
  project: 'Proyek',
  self_management: 'Swakelola',
  pending: 'Pending',
};

export const FILE_KINDS = ['proposal', 'structural'] as const;
export type TFileKind = (typeof FILE_KINDS)[number];

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'none'] as const;
export type TCaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** How lists show a proposal's status (spec §4); the process list says 'Perlu Tindakan' for surveyed. */
export function statusLabel(status: TStatusType, list: 'history' | 'process' = 'history'): string {
  switch (status) {
    case 'unverified':
      return 'Tidak disurvey';
    case 'verified':
      return 'Belum disurvey';
    case 'surveyed':
      return list === 'process' ? 'Perlu Tindakan' : 'Sudah disurvey';
    case 'finished':
      return 'Sudah disurvey';
  }
}
