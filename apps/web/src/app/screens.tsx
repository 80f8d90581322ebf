import type { ComponentType } from 'react';
import { LandingRedirect } from './guards.tsx';
import { type PreloadableComponent, preloadable } from './preloadable.ts';
import type { RouteName } from './routes.ts';

/** Lazy by name, so each screen (and its maps or editors) loads only when it is opened. */
const named = <TModule, TKey extends keyof TModule>(
  load: () => Promise<TModule>,
  key: TKey,
): PreloadableComponent => preloadable(async () => (await load())[key] as ComponentType);

/** The screen of every route in routes.ts, each loaded when first opened. */
export const SCREENS: Record<RouteName, ComponentType | PreloadableComponent> = {
  login: named(() => import('../pages/auth/LoginPage.tsx'), 'LoginPage'),
  'contact-us': named(() => import('../pages/public/ContactUsPage.tsx'), 'ContactUsPage'),
  'privacy-policy': named(() => import('../pages/public/PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage'),
  home: LandingRedirect,

  'master-jalan': named(() => import('../pages/master/NameMasterPages.tsx'), 'RoadPage'),
  'master-jenis-jalan': named(() => import('../pages/master/NameMasterPages.tsx'), 'RoadTypePage'),
  'master-kecamatan': named(() => import('../pages/master/RegionPages.tsx'), 'SubdistrictPage'),
  'master-kelurahan': named(() => import('../pages/master/RegionPages.tsx'), 'VillagePage'),
  'master-konsultan': named(() => import('../pages/master/ConsultantPage.tsx'), 'ConsultantPage'),
  'master-user': named(() => import('../pages/master/UserPage.tsx'), 'UserPage'),
  'master-kategori-foto': named(() => import('../pages/master/NameMasterPages.tsx'), 'PhotoCategoryPage'),
  'master-asb': named(() => import('../pages/master/AsbPage.tsx'), 'AsbPage'),
  'master-warna-jenis-pekerjaan': named(
    () => import('../pages/master/TypeWorkColorPage.tsx'),
    'TypeWorkColorPage',
  ),
  'master-catatan-pekerjaan': named(() => import('../pages/master/WorkNotePage.tsx'), 'WorkNotePage'),

  report: named(() => import('../pages/report/ReportPage.tsx'), 'ReportPage'),
  usulan: named(() => import('../pages/proposal/ProposalListPage.tsx'), 'ProposalListPage'),
  'assigned-konsultan': named(
    () => import('../pages/assigned-consultant/AssignedConsultantListPage.tsx'),
    'AssignedConsultantListPage',
  ),
  'assigned-konsultan-detail': named(
    () => import('../pages/assigned-consultant/AssignedConsultantDetailPage.tsx'),
    'AssignedConsultantDetailPage',
  ),
  'data-usulan-survey': named(
    () => import('../pages/survey/DataUsulanSurveyPage.tsx'),
    'DataUsulanSurveyPage',
  ),
  'data-usulan-survey-form': named(() => import('../pages/survey/SurveyFormPage.tsx'), 'SurveyFormPage'),
  'perlu-koreksi': named(() => import('../pages/verification/VerificationPage.tsx'), 'VerificationPage'),
  'perlu-approval': named(() => import('../pages/process/ProcessListPage.tsx'), 'ProcessListPage'),
  'cetak-data-usulan-survey': named(() => import('../pages/print/SurveyReportPage.tsx'), 'SurveyReportPage'),
  maps: named(() => import('../pages/maps/MapsPage.tsx'), 'MapsPage'),
  'pekerjaan-selesai': named(
    () => import('../pages/completed-work/CompletedWorkListPage.tsx'),
    'CompletedWorkListPage',
  ),
  'pekerjaan-selesai-detail': named(
    () => import('../pages/completed-work/CompletedWorkDetailPage.tsx'),
    'CompletedWorkDetailPage',
  ),

  forbidden: named(() => import('../pages/errors/StatusPage.tsx'), 'ForbiddenPage'),
  'not-found': named(() => import('../pages/errors/StatusPage.tsx'), 'NotFoundPage'),
};

/**
 * The first data of screens that a signed-in first visit asks for while their code loads (lib/first-view.ts):
 * the first render waits for them, so the rows come with the screen rather than in a render of their own.
 */
export const FIRST_VIEWS: Partial<Record<RouteName, () => Promise<unknown>>> = {
  usulan: async () => (await import('../pages/proposal/ProposalListPage.tsx')).loadFirstView(),
  maps: async () => (await import('../pages/maps/MapsPage.tsx')).loadFirstView(),
};
