import { SURVEY_MESSAGES } from '../messages/survey.ts';
import { requiredId } from './master.ts';
import { z } from './zod.ts';

const latitude = z
  .number({ error: SURVEY_MESSAGES.latitude })
  .min(-90, { error: SURVEY_MESSAGES.latitude })
  .max(90, { error: SURVEY_MESSAGES.latitude });
const longitude = z
  .number({ error: SURVEY_MESSAGES.longitude })
  .min(-180, { error: SURVEY_MESSAGES.longitude })
  .max(180, { error: SURVEY_MESSAGES.longitude });

/** One drawn segment of a road line (spec §3 SurveyRoad drawLine.lokasi). */
const ZLineSegment = z.object({
  startLat: latitude,
  startLon: longitude,
  endLat: latitude,
  endLon: longitude,
});
export type TLineSegment = z.infer<typeof ZLineSegment>;

const metres = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .min(0, { error: message })
    .max(max, { error: message })
    .transform((value) => Math.round(value * 100) / 100);

const plainText = z.string({ error: 'Teks tidak valid.' }).max(5000, { error: SURVEY_MESSAGES.textTooLong });
const richText = z
  .string({ error: 'Teks tidak valid.' })
  .max(200_000, { error: SURVEY_MESSAGES.textTooLong });

const ZSurveyAsbItem = z.object({
  asbSurveyorId: requiredId(SURVEY_MESSAGES.asbItem),
  long: metres(100_000, SURVEY_MESSAGES.long),
  wide: metres(1_000, SURVEY_MESSAGES.wide),
});

const ZSurveyRoad = z.object({
  drawLine: z
    .object({ lokasi: z.array(ZLineSegment).max(5000).meta({ title: 'Garis jalan' }) })
    .meta({ title: 'Garis jalan' })
    .default({ lokasi: [] }),
  asbSurveyors: z.array(ZSurveyAsbItem).max(100).meta({ title: 'Item ASB' }).default([]),
});

/** POST /api/survey/{proposalId}: the whole draft, replacing what was saved before. */
export const ZSurveyDraft = z.object({
  roadTypes: z
    .array(requiredId(SURVEY_MESSAGES.roadType))
    .max(50)
    .meta({ title: 'Jenis pekerjaan' })
    .default([]),
  roadCondition: plainText.default(''),
  canalExisting: plainText.default(''),
  canalCondition: plainText.default(''),
  damageIdentification: richText.default(''),
  suggestion: richText.default(''),
  surveyRoad: z.array(ZSurveyRoad).max(50).meta({ title: 'Data jalan' }).default([]),
});
export type TSurveyDraftInput = z.input<typeof ZSurveyDraft>;
export type TSurveyDraft = z.output<typeof ZSurveyDraft>;
