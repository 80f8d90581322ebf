import type { ComponentType } from 'react';
import { LandingRedirect } from './guards.tsx';
import type { RouteName } from './routes.ts';

/**
 * What a screen's module gives its route (React Router's `lazy`): the component and, for a screen whose
 * first data is asked for before it renders, a loader that puts that data in the query cache.
 */
export interface ScreenModule {
  Component: ComponentType;
  loader?: () => Promise<unknown>;
}

type LoadScreen = () => Promise<ScreenModule>;

/** Lazy by name, so each screen or layout (and its maps or editors) loads only when it is opened. */
export const named =
  <TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, key: TKey): LoadScreen =>
  async () => ({ Component: (await load())[key] as ComponentType });

/** The screen of every route in routes.ts, each module loaded by its route when first opened. */
export const SCREENS: Record<RouteName, LoadScreen> = {
  login: named(() => import('../pages/auth/LoginPage.tsx'), 'LoginPage'),
  'contact-us': named(() => import('../pages/public/ContactUsPage.tsx'), 'ContactUsPage'),
  'privacy-policy': named(() => import('../pages/public/PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage'),
  home: async () => ({ Component: LandingRedirect }),

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
  'master-pengaturan-surat': named(
    () => import('../pages/master/OfficeSettingsPage.tsx'),
    'OfficeSettingsPage',
  ),

  report: named(() => import('../pages/survey-export/SurveyExportPage.tsx'), 'SurveyExportPage'),
  // The two screens with first data: the route's loader has it in the cache when the screen first renders.
  usulan: async () => {
    const page = await import('../pages/proposal/ProposalListPage.tsx');
    return { Component: page.ProposalListPage, loader: page.loadFirstPage };
  },
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
  'cetak-data-usulan-survey': named(() => import('../pages/print/SurveyPrintPage.tsx'), 'SurveyPrintPage'),
  maps: async () => {
    const page = await import('../pages/maps/MapsPage.tsx');
    return { Component: page.MapsPage, loader: page.loadFilterLists };
  },
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
