import type { TRole } from '@eusulan/shared';

/**
 * Who may call each route of the API (spec §2 route table and §6, with the calls behind each screen; the
 * reasons in docs/decisions.md, "Access and personal data"). The authorization matrix checks every route
 * against it, the bad-input test calls each route as a role it allows.
 */
export type Access = 'public' | 'signed-in' | readonly TRole[];

const ADMIN: readonly TRole[] = ['admin'];
const CONSULTAN: readonly TRole[] = ['consultan'];
const STRUCTURAL: readonly TRole[] = ['structural'];
/** The maps dashboard and the completed-work modal it opens (spec §2: /maps). */
const MAP_READERS: readonly TRole[] = ['admin', 'structural', 'umum'];
/** Pekerjaan Selesai list and detail (spec §2). */
const COMPLETED_WORK_READERS: readonly TRole[] = ['admin', 'umum'];

export const MATRIX: Record<string, Access> = {
  // Sign-in, the app's public settings and the completed-work template zip.
  'GET /api/health': 'public',
  // Operations: readiness for a load balancer; /metrics answers only the METRICS_TOKEN bearer
  // (404 when none is configured, as here), never a session (modules/health/operations.test.ts).
  'GET /api/ready': 'public',
  'GET /metrics': 'public',
  'GET /api/app-info': 'public',
  'GET /api/auth/captcha': 'public',
  'GET /api/auth/captcha-config': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/completed-work/template': 'public',
  // The signed-in user's own calls.
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/me': 'signed-in',
  'PUT /api/auth/change-password': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  // Select lists feed forms and filters of every role (spec §7 "global").
  'GET /api/select-list/asb-surveyor': 'signed-in',
  'GET /api/select-list/consultant': 'signed-in',
  'GET /api/select-list/district': 'signed-in',
  'GET /api/select-list/location': 'signed-in',
  'GET /api/select-list/photo-category': 'signed-in',
  'GET /api/select-list/road': 'signed-in',
  'GET /api/select-list/role': 'signed-in',
  'GET /api/select-list/subdistrict': 'signed-in',
  'GET /api/select-list/type-work-color': 'signed-in',
  'GET /api/select-list/type-works': 'signed-in',
  'GET /api/select-list/village': 'signed-in',
  'GET /api/select-list/work-note': 'signed-in',
  'GET /api/select-list/year-completed-work': 'signed-in',
  'GET /api/select-list/year-proposal': 'signed-in',
  // Proposals: the main list is the admin's /usulan and the consultant's own list; the place history
  // (isHistory=1, VARIANTS below) and the detail dialog serve every role (object rules narrow them).
  'GET /api-web/proposal': ['admin', 'consultan'],
  'GET /api-web/proposal/:id': 'signed-in',
  'GET /api-web/media/proposal-file/:id': 'signed-in',
  'GET /api-web/media/survey-photo/:id': 'signed-in',
  'GET /api-web/media/survey-video/:id': 'signed-in',
  'POST /api-web/proposal': ADMIN,
  'POST /api-web/proposal/:id': ADMIN,
  'GET /api-web/proposal/export-template': ADMIN,
  'POST /api-web/proposal/import-template': ADMIN,
  'POST /api-web/proposal/import-template/jobs': ADMIN,
  // Spec §6: every role but umum sees the edit-contact-person button.
  'POST /api-web/proposal/:id/contact-person': ['admin', 'consultan', 'structural'],
  // Riwayat Perubahan: the audit trail of a proposal, for admins.
  'GET /api-web/proposal/:id/audit': ADMIN,
  'GET /api-web/assigned-consultant': ADMIN,
  'GET /api-web/assigned-consultant/:id/list-proposal': ADMIN,
  // The consultant's journey.
  'GET /api-web/verification': CONSULTAN,
  'POST /api-web/verification': CONSULTAN,
  'GET /api/survey/:id': CONSULTAN,
  'POST /api/survey/:id': CONSULTAN,
  'POST /api/survey/:id/submit': CONSULTAN,
  'POST /api/survey/:id/photo': CONSULTAN,
  'POST /api/survey/:id/video': CONSULTAN,
  'DELETE /api/survey/:id/photo/:mediaId': CONSULTAN,
  'DELETE /api/survey/:id/video/:mediaId': CONSULTAN,
  'GET /api-web/need-approval': ['consultan', 'structural'],
  // The structural journey.
  'GET /api-web/process': STRUCTURAL,
  'POST /api-web/process/:id/change-process': STRUCTURAL,
  // Completed works and the maps dashboard.
  'GET /api-web/completed-work': COMPLETED_WORK_READERS,
  'POST /api-web/completed-work': ADMIN,
  'POST /api-web/completed-work/jobs': ADMIN,
  'DELETE /api-web/completed-work/:id': ADMIN,
  'GET /api-web/completed-work-detail/:id': COMPLETED_WORK_READERS,
  'GET /api-web/completed-work-detail/:id/detail': MAP_READERS,
  'GET /api-web/dashboard': MAP_READERS,
  'GET /api-web/dashboard/completed-work': MAP_READERS,
  'GET /api-web/dashboard/export': MAP_READERS,
  'GET /api-web/dashboard/search': MAP_READERS,
  // Report (Export Hasil Survey): admin and consultan.
  'POST /api-web/export': ['admin', 'consultan'],
  'POST /api-web/export/jobs': ['admin', 'consultan'],
  // Pengaturan Surat (letter number format, Sifat, crest): admins; every signed-in report shows the crest.
  'GET /api-web/office-settings': ADMIN,
  'PUT /api-web/office-settings': ADMIN,
  'POST /api-web/office-settings/crest': ADMIN,
  'DELETE /api-web/office-settings/crest': ADMIN,
  'GET /api-web/office-settings/crest': 'signed-in',
  // The printed survey report's Nomor: the staff who have a Print button (umum has none).
  'POST /api-web/survey-report/:id/letter': ['admin', 'consultan', 'structural'],
  // Background jobs: any signed-in user follows its own (404 for anyone else's, jobs.test.ts).
  'GET /api-web/jobs/:id': 'signed-in',
  'GET /api-web/jobs/:id/file': 'signed-in',
};
// Master screens are admin only (spec §2), every call of every entity.
for (const entity of ['asb-surveyor', 'photo-category', 'road', 'road-type', 'work-note']) {
  for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'PUT :id/switch-status']) {
    const [method, tail] = route.split(' ');
    MATRIX[`${method} /api-web/master/${entity}${tail ? `/${tail}` : ''}`] = ADMIN;
  }
}
for (const entity of ['consultant', 'subdistrict', 'village', 'user']) {
  for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'PUT :id/change-status']) {
    const [method, tail] = route.split(' ');
    MATRIX[`${method} /api-web/master/${entity}${tail ? `/${tail}` : ''}`] = ADMIN;
  }
}
MATRIX['PUT /api-web/master/user/:id/reset-password'] = ADMIN;
for (const route of ['GET', 'POST', 'GET :id', 'PUT :id', 'DELETE :id']) {
  const [method, tail] = route.split(' ');
  MATRIX[`${method} /api-web/master/type-work-color${tail ? `/${tail}` : ''}`] = ADMIN;
}

/** Calls of a listed route whose query changes who may make them. */
export const VARIANTS: Record<string, Access> = {
  'GET /api-web/proposal?isHistory=1&roadId=1&villageId=1&rtNumber=1': 'signed-in',
};
