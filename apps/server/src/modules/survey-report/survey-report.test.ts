import type { TSurveyReportLetter } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal, buildSurvey } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { letterNumberCounters, surveyReportLetters } from '../../db/schema/index.ts';
import { letterMonthIn } from './survey-report.service.ts';

let t: TestApp;
let admin: Record<string, string>;
let structural: Record<string, string>;
let umum: Record<string, string>;
let consultant: { headers: Record<string, string>; consultantId: number };
let otherConsultant: Record<string, string>;
let villageId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  structural = (await t.signIn('structural')).headers;
  umum = (await t.signIn('umum')).headers;
  const mine = await t.signIn('consultan', { consultantType: 'external' });
  consultant = { headers: mine.headers, consultantId: mine.user.consultantId! };
  otherConsultant = (await t.signIn('consultan', { consultantType: 'external' })).headers;
  villageId = (await buildPlace(t.db)).villageId;
});
afterAll(async () => {
  await t.close();
});

/** A surveyed proposal of the consultant with a survey sent at `submittedAt`. */
async function sentSurvey(submittedAt: Date, overrides: { isDraft?: boolean } = {}) {
  const proposal = await buildProposal(t.db, {
    villageId,
    consultantId: consultant.consultantId,
    statusType: 'surveyed',
  });
  const survey = await buildSurvey(t.db, { proposalId: proposal.id, submittedAt, ...overrides });
  return survey.id;
}

const numberReport = (surveyId: number, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api-web/survey-report/${surveyId}/letter`, headers });

async function letterOf(surveyId: number, headers = admin) {
  const response = await numberReport(surveyId, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TSurveyReportLetter;
}

describe('survey report letter numbers', () => {
  it('numbers reports in turn per year of the letter, in the office format, and keeps a number on reprint', async () => {
    const first = await sentSurvey(new Date('2031-03-02T03:00:00Z'));
    const second = await sentSurvey(new Date('2031-11-20T03:00:00Z'));
    const nextYear = await sentSurvey(new Date('2032-01-05T03:00:00Z'));

    expect(await letterOf(first)).toMatchObject({
      surveyId: first,
      nomor: '620/1/436.7.6/2031',
      sifat: 'Biasa',
      year: 2031,
      number: 1,
      crestUrl: null,
    });
    expect((await letterOf(second, structural)).nomor).toBe('620/2/436.7.6/2031');
    // Each year starts again at 1.
    expect((await letterOf(nextYear, consultant.headers)).nomor).toBe('620/1/436.7.6/2032');

    // A new format and Sifat apply to reports numbered from then on; a reprint keeps its letter.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api-web/office-settings',
      headers: admin,
      payload: { letterNumberFormat: '600.1/{nomor}/436.7.6/{bulan}/{tahun}', sifat: 'Segera' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reprint = await letterOf(first);
    expect(reprint).toMatchObject({ nomor: '620/1/436.7.6/2031', sifat: 'Biasa', number: 1 });
    const third = await sentSurvey(new Date('2031-12-31T16:30:00Z'));
    // 31 December 23:30 in Jakarta is still December 2031's letter.
    expect(await letterOf(third)).toMatchObject({ nomor: '600.1/3/436.7.6/XII/2031', sifat: 'Segera' });
  });

  it('gives reports numbered at once distinct numbers without gaps, and one number to a report asked for at once', async () => {
    const surveyIds = [];
    for (let index = 0; index < 12; index++)
      surveyIds.push(await sentSurvey(new Date('2034-06-10T03:00:00Z')));
    const letters = await Promise.all(surveyIds.map((id) => letterOf(id)));
    expect(letters.map((letter) => letter.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );

    const repeated = await sentSurvey(new Date('2034-06-11T03:00:00Z'));
    const same = await Promise.all(Array.from({ length: 8 }, () => letterOf(repeated)));
    expect(new Set(same.map((letter) => letter.nomor)).size).toBe(1);
    expect(same[0]!.number).toBe(13);
    const [counter] = await t.db
      .select()
      .from(letterNumberCounters)
      .where(eq(letterNumberCounters.year, 2034));
    expect(counter!.lastNumber).toBe(13);
    const rows = await t.db.select().from(surveyReportLetters).where(eq(surveyReportLetters.year, 2034));
    expect(rows).toHaveLength(13);
  });

  it('numbers only a sent survey the user may see; umum numbers none', async () => {
    const sent = await sentSurvey(new Date('2035-02-01T03:00:00Z'));
    const draft = await sentSurvey(new Date('2035-02-01T03:00:00Z'), { isDraft: true });
    expect((await numberReport(draft)).statusCode).toBe(404);
    expect((await numberReport(99_999_999)).statusCode).toBe(404);
    expect((await numberReport(sent, otherConsultant)).statusCode).toBe(404);
    expect((await numberReport(sent, umum)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api-web/survey-report/${sent}/letter` })).statusCode,
    ).toBe(401);
    expect((await numberReport(0)).statusCode).toBeLessThan(500);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api-web/survey-report/abc/letter', headers: admin }))
        .statusCode,
    ).toBe(404);
    // None of the refusals used a number.
    expect(await t.db.select().from(surveyReportLetters).where(eq(surveyReportLetters.year, 2035))).toEqual(
      [],
    );
  });

  it('reads the letter month in the office time zone', () => {
    expect(letterMonthIn('Asia/Jakarta', new Date('2026-12-31T17:30:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(letterMonthIn('Asia/Jakarta', new Date('2026-12-31T16:59:00Z'))).toEqual({
      year: 2026,
      month: 12,
    });
  });
});
