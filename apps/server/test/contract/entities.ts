// Spec §3's entities, field by field, as test/contract/*.test.ts check the answers against them.
import { z } from 'zod';

export const idName = z.object({ id: z.number().int(), name: z.string() });
export const Road = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
export const Subdistrict = Road.extend({ district: idName });
export const Village = Road.extend({ subdistrict: idName });
export const CONSULTANT_TYPES = z.enum(['internal', 'external']);
export const Consultant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  consultantType: CONSULTANT_TYPES,
  consultantTypeName: z.string(),
  isActive: z.boolean(),
  district: idName.nullable().optional(),
});
export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  isActive: z.boolean(),
});
export const Asb = Road.extend({ price: z.number() });
export const TypeWorkColor = z.object({ id: z.number().int(), typeWork: z.string(), color: z.string() });
export const RT_RW = z.string().regex(/^(\d{2}|-)$/);
export const ProposalFile = z.object({
  id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  size: z.number(),
  link: z.string(),
});
export const Proposal = z.object({
  id: z.number().int(),
  proposalType: z.enum(['taruna', 'umum', 'pokir', 'musrenbang']),
  proposalTypeName: z.string(),
  proposalDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  createdAt: z.string(),
  date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
  proposerName: z.string(),
  phoneNumber: z.string(),
  road: idName.nullable(),
  village: z.object({ id: z.number().int(), name: z.string(), subdistrict: z.object({ name: z.string() }) }),
  rtNumber: RT_RW,
  rwNumber: RT_RW,
  address: z.string(),
  statusType: z.enum(['unverified', 'verified', 'surveyed', 'finished']),
  processType: z.enum(['project', 'self_management', 'pending']).nullable(),
  historyCount: z.number().int(),
  consultant: z.object({ id: z.number().int(), name: z.string(), consultantType: CONSULTANT_TYPES }),
});
export const Segment = z.object({
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
});
export const SurveyRoad = z.object({
  drawLine: z.object({ lokasi: z.array(Segment) }),
  asbSurveyors: z.array(
    z.object({ name: z.string(), surveyRoadAsbSurveyor: z.object({ long: z.unknown(), wide: z.unknown() }) }),
  ),
});
export const Survey = z.object({
  roadCondition: z.unknown(),
  canalCondition: z.unknown(),
  canalExisting: z.unknown(),
  damageIdentification: z.string().nullable(),
  suggestion: z.string().nullable(),
  isDraft: z.boolean(),
  roadTypes: z.array(z.unknown()),
  surveyVideos: z.array(z.object({ link: z.string(), ext: z.string() })),
  surveyPhotos: z.array(
    z.object({ link: z.string(), ext: z.string(), photoCategory: z.object({ name: z.string() }) }),
  ),
  surveyRoad: z.array(SurveyRoad),
});
export const SurveyHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  roadTypes: z.array(z.unknown()),
  surveyRoad: z.array(SurveyRoad),
});
export const ProposalDetail = Proposal.extend({
  proposalFiles: z.array(ProposalFile),
  proposalFilesStruktural: z.array(ProposalFile),
  survey: Survey.nullable(),
  surveyHistories: z.array(SurveyHistoryItem),
});
export const Point = z.object({ latitude: z.number(), longitude: z.number() });
export const CompletedWorkImportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  typeWorkColor: z.object({ typeWork: z.string() }),
});
export const CompletedWorkRow = z.object({
  id: z.number().int(),
  lokasi: z.string(),
  jenisPekerjaan: z.string(),
  nama: z.string(),
  tahun: z.number().int(),
  panjang: z.number(),
});
export const CompletedWorkDetail = z.object({
  id: z.number().int(),
  nama: z.string(),
  tahun: z.number().int(),
  lokasi: z.string(),
  jenisPekerjaan: z.string(),
  panjangLokasi: z.number(),
  panjang: z.number(),
  coordinate: z.array(Point),
  coodinatePerkerjaan: z.array(z.array(Point)),
});
export const Flags = z.object({
  musrenbang: z.boolean(),
  pokir: z.boolean(),
  taruna: z.boolean(),
  umum: z.boolean(),
});
