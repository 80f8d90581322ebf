import type { TRole } from '@eusulan/shared';

export const APP_NAME = 'e-Usulan Jalan';

/**
 * Where a route sits and who may open it:
 * - guest: only without a token (a token redirects to /)
 * - error: anyone (403, 404)
 * - shell: signed in, inside the role's shell (side menu for admin/umum, top bar for consultan/structural)
 * - bare:  signed in, no shell (the print page)
 * - redirect: signed in, renders only a redirect (the landing route /)
 */
export type RouteLayout = 'guest' | 'error' | 'shell' | 'bare' | 'redirect';

export interface AppRoute {
  /** The spec's route name; also the react-router route id and the word menus match against. */
  name: string;
  path: string;
  /** Shown as '<title> | e-Usulan Jalan' and as the page heading. */
  title: string;
  /** For signed-in layouts (shell, bare, redirect): the roles allowed in. Empty means any signed-in user. */
  roles: readonly TRole[];
  layout: RouteLayout;
}

const ADMIN = ['admin'] as const satisfies readonly TRole[];
const ANY_SIGNED_IN = [] as const satisfies readonly TRole[];

/** Spec §2, every route. Screens are wired to names in screens.tsx. */
export const ROUTES = [
  { name: 'login', path: '/login', title: 'Login', roles: [], layout: 'guest' },
  { name: 'contact-us', path: '/contact-us', title: 'Contact Us', roles: [], layout: 'guest' },
  { name: 'privacy-policy', path: '/privacy-policy', title: 'Privacy Policy', roles: [], layout: 'guest' },

  { name: 'home', path: '/', title: 'Beranda', roles: ANY_SIGNED_IN, layout: 'redirect' },

  { name: 'master-jalan', path: '/master/jalan', title: 'Master Jalan', roles: ADMIN, layout: 'shell' },
  {
    name: 'master-jenis-jalan',
    path: '/master/jenis-jalan',
    title: 'Master Jenis Pekerjaan',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'master-kecamatan',
    path: '/master/kecamatan',
    title: 'Master Kecamatan',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'master-kelurahan',
    path: '/master/kelurahan',
    title: 'Master Kelurahan',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'master-konsultan',
    path: '/master/konsultan',
    title: 'Master Konsultan',
    roles: ADMIN,
    layout: 'shell',
  },
  { name: 'master-user', path: '/master/user', title: 'Master User', roles: ADMIN, layout: 'shell' },
  {
    name: 'master-kategori-foto',
    path: '/master/kategori-foto',
    title: 'Master Kategori Foto',
    roles: ADMIN,
    layout: 'shell',
  },
  { name: 'master-asb', path: '/master/asb', title: 'Master ASB', roles: ADMIN, layout: 'shell' },
  {
    name: 'master-warna-jenis-pekerjaan',
    path: '/master/warna-jenis-pekerjaan',
    title: 'Master Warna Jenis Pekerjaan',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'master-catatan-pekerjaan',
    path: '/master/catatan-pekerjaan',
    title: 'Master Catatan Pekerjaan',
    roles: ADMIN,
    layout: 'shell',
  },
  // Beside the spec's routes: the printed survey report's letter settings.
  {
    name: 'master-pengaturan-surat',
    path: '/master/pengaturan-surat',
    title: 'Pengaturan Surat',
    roles: ADMIN,
    layout: 'shell',
  },

  {
    name: 'report',
    path: '/report',
    title: 'Export Hasil Survey',
    roles: ['admin', 'consultan'],
    layout: 'shell',
  },
  { name: 'usulan', path: '/usulan', title: 'Usulan', roles: ADMIN, layout: 'shell' },
  {
    name: 'assigned-konsultan',
    path: '/assigned-konsultan',
    title: 'Tugas Survey',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'assigned-konsultan-detail',
    path: '/assigned-konsultan/detail/:id',
    title: 'Daftar Tugas Survey Usulan Jalan',
    roles: ADMIN,
    layout: 'shell',
  },
  {
    name: 'data-usulan-survey',
    path: '/data-usulan-survey',
    title: 'Data Usulan Survey',
    roles: ['consultan'],
    layout: 'shell',
  },
  {
    name: 'data-usulan-survey-form',
    path: '/data-usulan-survey/survey/:proposalId',
    title: 'Form Survey',
    roles: ['consultan'],
    layout: 'shell',
  },
  {
    name: 'perlu-koreksi',
    path: '/perlu-koreksi',
    title: 'Perlu Verifikasi',
    roles: ['consultan'],
    layout: 'shell',
  },
  {
    name: 'perlu-approval',
    path: '/perlu-approval',
    title: 'Perlu Approval',
    roles: ['structural'],
    layout: 'shell',
  },
  {
    name: 'cetak-data-usulan-survey',
    path: '/cetak-data-usulan-survey',
    title: 'Laporan Hasil Survey Lapangan',
    roles: ANY_SIGNED_IN,
    layout: 'bare',
  },
  { name: 'maps', path: '/maps', title: 'Maps', roles: ['admin', 'structural', 'umum'], layout: 'shell' },
  {
    name: 'pekerjaan-selesai',
    path: '/pekerjaan-selesai',
    title: 'Pekerjaan Selesai',
    roles: ['admin', 'umum'],
    layout: 'shell',
  },
  {
    name: 'pekerjaan-selesai-detail',
    path: '/pekerjaan-selesai/detail/:id',
    title: 'Detail Pekerjaan Selesai',
    roles: ['admin', 'umum'],
    layout: 'shell',
  },

  { name: 'forbidden', path: '/403', title: 'Akses Ditolak', roles: [], layout: 'error' },
  { name: 'not-found', path: '/404', title: 'Halaman Tidak Ditemukan', roles: [], layout: 'error' },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof ROUTES)[number]['name'];

const ROUTE_BY_NAME = new Map<string, AppRoute>(ROUTES.map((route) => [route.name, route]));

export function routeNamed(name: RouteName): AppRoute {
  return ROUTE_BY_NAME.get(name) as AppRoute;
}

export const pageTitle = (title: string): string => `${title} | ${APP_NAME}`;

/** What the router keeps on each match so guards, titles and menus can read the route's data. */
export interface RouteHandle {
  route: AppRoute;
}
