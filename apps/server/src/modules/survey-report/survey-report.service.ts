import { DEFAULT_LETTER_NUMBER_FORMAT, DEFAULT_LETTER_SIFAT, formatLetterNumber } from '@eusulan/shared';
import type { Database } from '../../db/client.ts';
import { calendarDayIn } from '../../lib/calendar-day.ts';
import { notFound } from '../../lib/http-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOfficeSettings } from '../office-settings/office-settings.queries.ts';
import { canViewProposal } from '../proposal/proposal.policy.ts';
import * as queries from './survey-report.queries.ts';

/** The year and month of an instant in the office's time zone: a letter of 31 December 23:30 WIB is December's. */
export function letterMonthIn(timeZone: string, instant: Date) {
  const [year, month] = calendarDayIn(timeZone, instant).split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0 };
}

/**
 * Numbers a submitted survey's report: the first call gives it the next running number of its letter's year
 * (the year of the survey's date, as the letter is dated) in the office's format, with the Sifat of the day;
 * every later call answers the same letter. Concurrent calls take turns on the year's counter, so numbers
 * are neither shared nor skipped.
 */
export async function numberSurveyReport(
  db: Database,
  auth: AuthContext,
  surveyId: number,
  timeZone: string,
) {
  const survey = await queries.findReportSurvey(db, surveyId);
  // A draft has no report; another consultant's survey does not exist for this one.
  if (!survey || survey.isDraft || !canViewProposal(auth, survey)) throw notFound();
  const existing = await queries.findReportLetter(db, surveyId);
  if (existing) return existing;

  const { year, month } = letterMonthIn(timeZone, survey.submittedAt ?? survey.createdAt);
  return db.transaction(async (tx) => {
    const lastNumber = await queries.lockYearCounter(tx, year);
    // Numbered meanwhile by a call that held the counter before this one.
    const numbered = await queries.findReportLetter(tx, surveyId);
    if (numbered) return numbered;
    const settings = await findOfficeSettings(tx);
    const number = lastNumber + 1;
    await queries.setYearCounter(tx, year, number);
    return queries.insertReportLetter(tx, {
      surveyId,
      year,
      number,
      letterNumber: formatLetterNumber(settings?.letterNumberFormat ?? DEFAULT_LETTER_NUMBER_FORMAT, {
        number,
        year,
        month,
      }),
      sifat: settings?.sifat ?? DEFAULT_LETTER_SIFAT,
      numberedById: auth.userId,
    });
  });
}
