import type { TRole } from '@eusulan/shared';
import type { Profile } from '../features/auth/profile.ts';
import { type RouteName, routeNamed } from './routes.ts';

/** Admin and umum work in a side-menu shell; consultan and structural in a top-bar shell (spec §2). */
export type ShellKind = 'side-menu' | 'top-bar';

export function shellFor(role: TRole | null): ShellKind {
  return role === 'consultan' || role === 'structural' ? 'top-bar' : 'side-menu';
}

export interface NavLinkItem {
  key: string;
  label: string;
  path: string;
  /** Spec §2: a link is active when the current route name contains this word. */
  activeWord: string;
  /** Perlu Verifikasi / Perlu Approval carry the approval red dot. */
  hasApprovalDot?: boolean;
}

export interface NavGroupItem {
  key: string;
  label: string;
  activeWord: string;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isGroup = (item: NavItem): item is NavGroupItem => 'children' in item;

export const isActiveFor = (routeName: string | undefined, activeWord: string): boolean =>
  Boolean(routeName?.includes(activeWord));

const link = (route: RouteName, label: string, extra: Partial<NavLinkItem> = {}): NavLinkItem => ({
  key: route,
  label,
  path: routeNamed(route).path,
  activeWord: route,
  ...extra,
});

const canOpen = (route: string, role: TRole | null): boolean => {
  const { roles } = routeNamed(route as RouteName);
  return role !== null && (roles.length === 0 || roles.includes(role));
};

const SIDE_MENU: readonly NavItem[] = [
  {
    key: 'master',
    label: 'Master',
    activeWord: 'master',
    children: [
      link('master-jalan', 'Jalan'),
      link('master-jenis-jalan', 'Jenis Pekerjaan'),
      link('master-kecamatan', 'Kecamatan'),
      link('master-kelurahan', 'Kelurahan'),
      link('master-konsultan', 'Konsultan'),
      link('master-user', 'User'),
      link('master-kategori-foto', 'Kategori Foto'),
      link('master-asb', 'ASB'),
      link('master-warna-jenis-pekerjaan', 'Warna Jenis Pekerjaan'),
      link('master-catatan-pekerjaan', 'Catatan Pekerjaan'),
      link('master-pengaturan-surat', 'Pengaturan Surat'),
    ],
  },
  link('usulan', 'Usulan'),
  link('assigned-konsultan', 'Assigned Konsultan'),
  link('pekerjaan-selesai', 'Pekerjaan Selesai'),
  link('report', 'Hasil Survey'),
  link('maps', 'Maps'),
];

/** The side menu for admin and umum: every item whose route the role may open (umum: Maps, Pekerjaan Selesai). */
export function sideMenuFor(role: TRole | null): NavItem[] {
  return SIDE_MENU.flatMap((item): NavItem[] => {
    if (!isGroup(item)) return canOpen(item.key, role) ? [item] : [];
    const children = item.children.filter((child) => canOpen(child.key, role));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** The top-bar links for consultan and structural (spec §2). Export is for internal consultants only. */
export function topMenuFor(profile: Pick<Profile, 'roleId' | 'consultantInternal'>): NavLinkItem[] {
  switch (profile.roleId) {
    case 'consultan':
      return [
        link('perlu-koreksi', 'Perlu Verifikasi', { hasApprovalDot: true }),
        link('data-usulan-survey', 'Data Usulan Survey'),
        ...(profile.consultantInternal ? [link('report', 'Export')] : []),
      ];
    case 'structural':
      return [link('perlu-approval', 'Perlu Approval', { hasApprovalDot: true }), link('maps', 'Map')];
    default:
      return [];
  }
}

/** Keys of the links (and their groups) that are active on the given route. */
export function activeKeysFor(items: readonly NavItem[], routeName: string | undefined): string[] {
  return items.flatMap((item) => {
    if (!isGroup(item)) return isActiveFor(routeName, item.activeWord) ? [item.key] : [];
    const activeChildren = activeKeysFor(item.children, routeName);
    return activeChildren.length > 0 ? [item.key, ...activeChildren] : [];
  });
}
