import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { letterNumberCounters, proposals, surveyReportLetters, surveys } from '../../db/schema/index.ts';

/** A survey with what numbering its report needs: whose proposal it is, whether it was sent, and when. */
export async function findReportSurvey(db: Db, surveyId: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      proposalId: surveys.proposalId,
      consultantId: proposals.consultantId,
      isDraft: surveys.isDraft,
      submittedAt: surveys.submittedAt,
      createdAt: surveys.createdAt,
    })
    .from(surveys)
    .innerJoin(proposals, eq(proposals.id, surveys.proposalId))
    .where(eq(surveys.id, surveyId));
  return row ?? null;
}

export type ReportLetterRow = typeof surveyReportLetters.$inferSelect;

export async function findReportLetter(db: Db, surveyId: number): Promise<ReportLetterRow | null> {
  const [row] = await db.select().from(surveyReportLetters).where(eq(surveyReportLetters.surveyId, surveyId));
  return row ?? null;
}

/**
 * The year's counter, locked until the transaction ends (made at 0 when the year has none yet): whoever
 * numbers a report of that year next waits here, so numbers are handed out one at a time.
 */
export async function lockYearCounter(tx: Db, year: number) {
  await tx.insert(letterNumberCounters).values({ year, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ lastNumber: letterNumberCounters.lastNumber })
    .from(letterNumberCounters)
    .where(eq(letterNumberCounters.year, year))
    .for('update');
  return row?.lastNumber ?? 0;
}

export async function setYearCounter(tx: Db, year: number, lastNumber: number) {
  await tx.update(letterNumberCounters).set({ lastNumber }).where(eq(letterNumberCounters.year, year));
}

export async function insertReportLetter(tx: Db, letter: typeof surveyReportLetters.$inferInsert) {
  const [row] = await tx.insert(surveyReportLetters).values(letter).returning();
  if (!row) throw new Error('the report letter was not written');
  return row;
}
