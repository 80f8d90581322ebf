import { describe, expect, it } from 'vitest';
import { pageTitle, ROUTES, routeNamed } from './routes.ts';
import { SCREENS } from './screens.tsx';

describe('route table', () => {
  it('holds every path of spec §2 once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/contact-us',
        '/privacy-policy',
        '/',
        '/master/jalan',
        '/master/jenis-jalan',
        '/master/kecamatan',
        '/master/kelurahan',
        '/master/konsultan',
        '/master/user',
        '/master/kategori-foto',
        '/master/asb',
        '/master/warna-jenis-pekerjaan',
        '/master/catatan-pekerjaan',
        '/master/pengaturan-surat',
        '/report',
        '/usulan',
        '/assigned-konsultan',
        '/assigned-konsultan/detail/:id',
        '/data-usulan-survey',
        '/perlu-koreksi',
        '/perlu-approval',
        '/cetak-data-usulan-survey',
        '/maps',
        '/pekerjaan-selesai',
        '/pekerjaan-selesai/detail/:id',
        '/403',
        '/404',
      ]),
    );
  });

  it('gives every route a screen', () => {
    for (const route of ROUTES) expect(SCREENS[route.name]).toBeDefined();
  });

  it('keeps the spec route names and access lists', () => {
    expect(routeNamed('cetak-data-usulan-survey')).toMatchObject({ roles: [], layout: 'bare' });
    expect(routeNamed('pekerjaan-selesai-detail').roles).toEqual(['admin', 'umum']);
    expect(routeNamed('report').roles).toEqual(['admin', 'consultan']);
    expect(routeNamed('maps').roles).toEqual(['admin', 'structural', 'umum']);
    expect(routeNamed('login').layout).toBe('guest');
  });

  it('titles pages as "<title> | e-Usulan Jalan"', () => {
    expect(pageTitle(routeNamed('master-jalan').title)).toBe('Master Jalan | e-Usulan Jalan');
  });
});
