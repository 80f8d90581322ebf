import type {
  TCaptchaProvider,
  TConsultantType,
  TProcessType,
  TProposalType,
  TRole,
  TStatusType,
} from './enums.ts';
import type { TLineSegment } from './schemas/survey.ts';

/**
 * Every JSON body (DESIGN §3). An error's status also names its request (`requestId`): the id in
 * the server's log lines and the x-request-id header.
 */
export interface ApiEnvelope<TData = unknown, TMeta = undefined> {
  status: { code: number; message: string; requestId?: string };
  data: TData;
  meta?: TMeta;
  errors?: Record<string, string[]>;
}

/** A consultant user's linked consultant, as the user list and the profile show it. */
export interface TConsultantUserable {
  id: number;
  code: string;
  name: string;
  consultantType: TConsultantType;
  consultantTypeName: string;
}

/** The server user object of spec §3, answered by POST /api/auth/me. */
export interface TAuthUser {
  id: number;
  name: string;
  username: string;
  mustChangePassword: boolean;
  role: { id: number; slug: TRole; name: string };
  userable: (TConsultantUserable & { district: { id: number; name: string } | null }) | null;
}

export interface TLoginResult {
  auth: { accessToken: string; tokenType: 'Bearer'; expiresAt: string };
  user: TAuthUser;
}

export type TNeedApproval = Record<TProposalType, boolean>;

/** GET /api/auth/captcha-config: what the login page must render. */
export interface TCaptchaConfig {
  provider: TCaptchaProvider;
  siteKey: string | null;
  challengeUrl: string | null;
}

/** GET /api/app-info: the agency identity the UI shows (configurable per city). */
export interface TAppInfo {
  appName: string;
  agencyName: string;
  departmentName: string;
  cityName: string;
  contactEmail: string;
  contactPhone: string;
  letterhead: string[];
  /** Satellite tile URL template for Leaflet ({z}/{x}/{y}) and its attribution (HTML). */
  mapTileUrl: string;
  mapTileAttribution: string;
  version: string;
  /** The printable field survey report: letterhead logo (null: none), addressee, place and signatures. */
  report: TReportIdentity;
}

/** Who the field survey report is addressed to and who signs it (configurable per city). */
interface TReportIdentity {
  logoUrl: string | null;
  /** 'Kepala Bidang Jalan dan Jembatan': after 'Kepada Yth.'. */
  addressee: string;
  /** Before the date of the signature block and after 'di' in the address: 'Surabaya'. */
  place: string;
  /** The 'Mengetahui' block: the Sub Koordinator's title, name and NIP (empty: left blank to write in). */
  signerTitle: string;
  signerName: string;
  signerNip: string;
  /** The 'Yang Melaporkan' block's title above the surveyor's name. */
  reporterTitle: string;
}

/** A stored attachment as the detail shows it; link is a media URL the client adds ?token= to. */
export interface TProposalFile {
  id: number;
  name: string;
  ext: string;
  size: number;
  link: string;
}

/** A proposal row of every proposal list (spec §3 Proposal; DESIGN §3). */
export interface TProposalRow {
  id: number;
  proposalType: TProposalType;
  proposalTypeName: string;
  proposalDate: string;
  /** proposalDate as DD-MM-YYYY. */
  date: string;
  createdAt: string;
  proposerName: string;
  phoneNumber: string;
  road: { id: number; name: string } | null;
  village: { id: number; name: string; subdistrict: { id: number; name: string } };
  /** Two digits, or '-' when not given. */
  rtNumber: string;
  rwNumber: string;
  address: string;
  statusType: TStatusType;
  processType: TProcessType | null;
  processTypeName: string | null;
  /** Spec §2/§3: the count of its survey histories (submitted surveys, as surveyHistories lists them). */
  historyCount: number;
  /** How many other proposals were made at the same place (road, village, RT, RW): 'Histori lokasi'. */
  placeHistoryCount: number;
  /** A submitted (non-draft) survey exists, so the report can be printed. */
  hasSurvey: boolean;
  consultant: { id: number; name: string; consultantType: TConsultantType; consultantTypeName: string };
}

/** GET proposal/{id}: the row plus files; the survey parts are filled once surveys exist. */
export interface TProposalDetail extends TProposalRow {
  proposalFiles: TProposalFile[];
  proposalFilesStruktural: TProposalFile[];
  /** The consultant's name as the surveyor of the Usulan tab. */
  surveyorName: string;
  /** Whether the signed-in user may edit the contact person (hidden from umum). */
  canEditContactPerson: boolean;
  /** Only while unverified, from the list (spec §4). */
  canEdit: boolean;
  /** The approval panel: structural, on a surveyed proposal or a finished Pending one (spec §6, DESIGN §4). */
  canChangeProcess: boolean;
  /** The newest submitted survey (surveyed or finished proposals); null before the first submit. */
  survey: TSurvey | null;
  surveyHistories: TSurveyHistoryItem[];
  /** Beside the spec's fields: the version an edit sends back as If-Match (a stale copy gets 409). */
  version?: string | null;
}

/** POST proposal/import-template 400: one entry per bad row (spec §3 Import error item). */
export interface TImportError {
  /** The spreadsheet row (data starts on row 2); null for a problem of the whole file. */
  excelRow: number | null;
  errors: string[];
}

/** GET assigned-consultant row (spec §3 Assigned-consultant list item). */
export interface TAssignedConsultantRow {
  id: number;
  idHash: string;
  name: string;
  consultantType: TConsultantType;
  consultantTypeName: string;
  verification: { statusVerified: number; totalProposal: number };
  /** Active tasks (unverified or verified, not yet surveyed): the sort key of spec §7. */
  total_proposals: number;
}

/** A survey photo or video; link is a media URL the client adds ?token= to. */
export interface TSurveyMedia {
  id: number;
  name: string;
  ext: string;
  size: number;
  link: string;
}
export interface TSurveyPhoto extends TSurveyMedia {
  photoCategory: { id: number; name: string } | null;
  /** Beside the spec: what the surveyor wrote about the picture, the report's caption with the category. */
  description: string;
}
export interface TSurveyVideo extends TSurveyMedia {
  description: string;
}

/** An ASB item of a surveyed road (spec §3); price and cost are null for umum (no nominal values). */
export interface TSurveyAsbItem {
  id: number | null;
  name: string;
  price: number | null;
  surveyRoadAsbSurveyor: { long: number; wide: number };
  cost: number | null;
}

export interface TSurveyRoad {
  id: number;
  drawLine: { lokasi: { startLat: number; startLon: number; endLat: number; endLon: number }[] };
  asbSurveyors: TSurveyAsbItem[];
  /** Sum of the road's item costs; null for umum. */
  total: number | null;
}

/** A survey (spec §3 Survey): the open draft, or a submitted one. id is null for a draft not yet saved. */
export interface TSurvey {
  id: number | null;
  proposalId: number;
  isDraft: boolean;
  createdAt: string | null;
  /** When the draft was last saved (the web's autosave compares its device copy with it). */
  updatedAt: string | null;
  submittedAt: string | null;
  surveyorName: string | null;
  roadCondition: string;
  canalExisting: string;
  canalCondition: string;
  damageIdentification: string;
  suggestion: string;
  roadTypes: { id: number; name: string }[];
  surveyRoad: TSurveyRoad[];
  surveyPhotos: TSurveyPhoto[];
  surveyVideos: TSurveyVideo[];
  /** Sum over every road; null for umum. */
  total: number | null;
}

/** A submitted survey in the history selector (spec §3 Survey history item). */
export interface TSurveyHistoryItem {
  id: number;
  createdAt: string;
  roadTypes: { id: number; name: string }[];
  surveyRoad: TSurveyRoad[];
}

/** A point of a completed-work line, WGS84 (spec §3 Completed-work detail coordinate). */
export interface TCompletedWorkPoint {
  latitude: number;
  longitude: number;
}

/** The Warna Jenis Pekerjaan record an import was made under: its typeWork is the list's Jenis. */
export interface TCompletedWorkType {
  id: number;
  idHash: string;
  typeWork: string;
  color: string;
}

/** GET completed-work row (spec §3 Completed-work list row): one imported zip. */
export interface TCompletedWorkImportRow {
  id: number;
  /** The uploaded file's name (Nama File). */
  name: string;
  year: number;
  typeWorkColor: TCompletedWorkType;
  createdAt: string;
}

/** GET completed-work-detail/{importId} row: one work (line feature) of the import. */
export interface TCompletedWorkRow {
  id: number;
  /** NAMA: the package. */
  nama: string;
  lokasi: string;
  jenisPekerjaan: string;
  tahun: number;
  /** PJG_PAKET, metres (Total Panjang Paket). */
  panjang: number;
  /** PJG_LOKASI, metres. */
  panjangLokasi: number;
}

/** GET completed-work-detail/{importId}: data.data + data.total, and the import the works belong to. */
export interface TCompletedWorkRowPage {
  data: TCompletedWorkRow[];
  total: number;
  page: number;
  limit: number;
  completedWork: TCompletedWorkImportRow;
}

/**
 * GET completed-work-detail/{workId}/detail (spec §3 Completed-work detail): coordinate is a list of points
 * (the work's first part), coodinatePerkerjaan (the spec's spelling) the parts of every work of the same
 * package (same NAMA in the same import), this one included, each a list of points. A line may have several
 * parts: coordinateParts (ours, beside the spec's fields) lists all of this work's parts. nilaiLokasi and
 * nilaiPaket are left out for umum.
 */
export interface TCompletedWorkDetail {
  id: number;
  completedWorkId: number;
  nama: string;
  tahun: number;
  lokasi: string;
  jenisPekerjaan: string;
  /** The work type's map colour. */
  color: string;
  panjangLokasi: number;
  panjang: number;
  nilaiLokasi?: number | null;
  nilaiPaket?: number | null;
  coordinate: TCompletedWorkPoint[];
  /** Every part of this work, the first being `coordinate`. */
  coordinateParts: TCompletedWorkPoint[][];
  coodinatePerkerjaan: TCompletedWorkPoint[][];
}

/** POST completed-work 201: the new list row, what was stored, and warnings that did not refuse the file. */
export interface TCompletedWorkImportResult {
  completedWork: TCompletedWorkImportRow;
  /** Works (line features) stored. */
  works: number;
  /** Packages (distinct NAMA). */
  packages: number;
  /** e.g. PJG_LOKASI more than 10 % off the drawn line's length; empty when none. */
  warnings: string[];
}

/**
 * GET dashboard item (spec §3 Dashboard proposal item): a proposal with a submitted survey and the drawn
 * segments of every road of its newest survey, in order; segments spec §5 would not draw are left out.
 */
export interface TDashboardProposalItem {
  proposalId: number;
  drawLine: { lokasi: TLineSegment[] };
}

/**
 * GET dashboard/completed-work item (spec §3 Dashboard completed-work item): one work, its type's colour
 * and its drawable points. A work of several parts (a MultiLineString) has its first part as coordinate
 * and every part in coordinateParts (ours, beside the spec's fields; absent for a work of one part).
 */
export interface TDashboardCompletedWorkItem {
  idHash: string;
  color: string;
  coordinate: TCompletedWorkPoint[];
  coordinateParts?: TCompletedWorkPoint[][];
}

/**
 * GET dashboard?format=encoded item, the compact form our web asks for: each line is a Google encoded
 * polyline (precision DASHBOARD_POLYLINE_PRECISION) of the drawn segments joined where one starts at the
 * previous one's end.
 */
export interface TDashboardEncodedProposalItem {
  proposalId: number;
  lines: string[];
}

/** GET dashboard/completed-work?format=encoded item: one work, its colour, its parts as encoded polylines. */
export interface TDashboardEncodedCompletedWorkItem {
  idHash: string;
  id: number;
  color: string;
  lines: string[];
}

/** GET dashboard/search item: a road, proposal or completed work of our own data with the box to fit. */
export interface TDashboardPlace {
  kind: 'road' | 'proposal' | 'completed-work';
  id: number;
  label: string;
  description: string;
  /** [[south, west], [north, east]]. */
  bounds: [[number, number], [number, number]];
}
