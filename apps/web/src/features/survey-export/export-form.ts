import type { TSurveyExportInput, TSurveyExportOption } from '@eusulan/shared';
import type { Dayjs } from 'dayjs';
import type { Profile } from '../auth/profile.ts';
import { API_DATE_FORMAT, SURVEY_EXPORT_TEXTS as TEXTS } from './texts.ts';

export interface District {
  id: number;
  name: string;
}

/** What the /report form holds. */
export interface ExportForm {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  districts: District[];
  option: TSurveyExportOption;
}

/**
 * Spec §6: an internal consultant's Rayon is its own district, preselected and locked; null for everyone
 * else (admin and external consultants choose).
 */
export function lockedDistrictOf(
  profile: Pick<Profile, 'roleId' | 'consultantInternal' | 'districtCounstantId' | 'districtCounstantName'>,
): District | null {
  if (profile.roleId !== 'consultan' || !profile.consultantInternal) return null;
  if (profile.districtCounstantId === null) return null;
  return { id: profile.districtCounstantId, name: profile.districtCounstantName ?? '' };
}

/**
 * The first problem of the form (spec §5 Report export: start date, end date, at least one Rayon, each shown
 * as a 'Peringatan!' warning), or null when it may be sent. A start after the end is refused as the server
 * would refuse it.
 */
export function exportFormProblem(form: ExportForm): string | null {
  if (!form.startDate) return TEXTS.startDate;
  if (!form.endDate) return TEXTS.endDate;
  if (form.districts.length === 0) return TEXTS.districts;
  if (form.startDate.isAfter(form.endDate, 'day')) return TEXTS.dateRange;
  return null;
}

/** POST export's body (spec §7): dates YYYY-MM-DD, the Rayon ids, the option; consultantId for consultan. */
export function exportPayloadOf(
  form: ExportForm,
  profile: Pick<Profile, 'roleId' | 'consultantId'>,
): TSurveyExportInput {
  const consultantId =
    profile.roleId === 'consultan' && profile.consultantId !== null ? profile.consultantId : undefined;
  return {
    startDate: form.startDate?.format(API_DATE_FORMAT) ?? '',
    endDate: form.endDate?.format(API_DATE_FORMAT) ?? '',
    districtId: form.districts.map((district) => district.id),
    option: form.option,
    ...(consultantId === undefined ? {} : { consultantId }),
  };
}
