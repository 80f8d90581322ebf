import type { TSurveyReportLetter } from '@eusulan/shared';
import { crestUrlOf } from '../office-settings/office-settings.presenter.ts';
import type { OfficeSettingsRow } from '../office-settings/office-settings.queries.ts';
import type { ReportLetterRow } from './survey-report.queries.ts';

/** A numbered report's letter lines, with the crest the letterhead shows now. */
export const presentReportLetter = (
  letter: ReportLetterRow,
  settings: OfficeSettingsRow | null,
): TSurveyReportLetter => ({
  surveyId: letter.surveyId,
  nomor: letter.letterNumber,
  sifat: letter.sifat,
  year: letter.year,
  number: letter.number,
  numberedAt: letter.numberedAt.toISOString(),
  crestUrl: crestUrlOf(settings),
});
