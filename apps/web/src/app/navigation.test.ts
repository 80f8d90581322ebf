import { describe, expect, it } from 'vitest';
import { activeKeysFor, isGroup, type NavItem, shellFor, sideMenuFor, topMenuFor } from './navigation.ts';

const labels = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) => (isGroup(item) ? [item.label, ...labels(item.children)] : [item.label]));

describe('shellFor', () => {
  it('gives admin and umum the side menu, consultan and structural the top bar', () => {
    expect(shellFor('admin')).toBe('side-menu');
    expect(shellFor('umum')).toBe('side-menu');
    expect(shellFor('consultan')).toBe('top-bar');
    expect(shellFor('structural')).toBe('top-bar');
  });
});

describe('sideMenuFor', () => {
  it('shows admin the Master group with its ten items, then the other screens in order', () => {
    const menu = sideMenuFor('admin');
    expect(menu.map((item) => item.label)).toEqual([
      'Master',
      'Usulan',
      'Assigned Konsultan',
      'Pekerjaan Selesai',
      'Hasil Survey',
      'Maps',
    ]);
    const master = menu[0];
    expect(master && isGroup(master) ? master.children.map((child) => child.label) : []).toEqual([
      'Jalan',
      'Jenis Pekerjaan',
      'Kecamatan',
      'Kelurahan',
      'Konsultan',
      'User',
      'Kategori Foto',
      'ASB',
      'Warna Jenis Pekerjaan',
      'Catatan Pekerjaan',
      'Pengaturan Surat',
    ]);
  });

  it('shows umum only Pekerjaan Selesai and Maps, and no Master', () => {
    const menu = sideMenuFor('umum');
    expect(labels(menu)).toEqual(['Pekerjaan Selesai', 'Maps']);
    expect(labels(menu)).not.toContain('Master');
  });

  it('links Hasil Survey to /report', () => {
    const report = sideMenuFor('admin').find((item) => item.label === 'Hasil Survey');
    expect(report && !isGroup(report) ? report.path : null).toBe('/report');
  });
});

describe('topMenuFor', () => {
  it('gives an internal consultant Perlu Verifikasi, Data Usulan Survey and Export', () => {
    const menu = topMenuFor({ roleId: 'consultan', consultantInternal: true });
    expect(menu.map((item) => [item.label, item.path])).toEqual([
      ['Perlu Verifikasi', '/perlu-koreksi'],
      ['Data Usulan Survey', '/data-usulan-survey'],
      ['Export', '/report'],
    ]);
  });

  it('hides Export from an external consultant', () => {
    const menu = topMenuFor({ roleId: 'consultan', consultantInternal: false });
    expect(menu.map((item) => item.label)).toEqual(['Perlu Verifikasi', 'Data Usulan Survey']);
  });

  it('gives structural Perlu Approval and Map', () => {
    const menu = topMenuFor({ roleId: 'structural', consultantInternal: false });
    expect(menu.map((item) => [item.label, item.path])).toEqual([
      ['Perlu Approval', '/perlu-approval'],
      ['Map', '/maps'],
    ]);
  });

  it('puts the approval dot on Perlu Verifikasi and Perlu Approval only', () => {
    const consultant = topMenuFor({ roleId: 'consultan', consultantInternal: true });
    const structural = topMenuFor({ roleId: 'structural', consultantInternal: false });
    const dotted = [...consultant, ...structural]
      .filter((item) => item.hasApprovalDot)
      .map((item) => item.label);
    expect(dotted).toEqual(['Perlu Verifikasi', 'Perlu Approval']);
  });

  it('has no top bar links for side-menu roles', () => {
    expect(topMenuFor({ roleId: 'admin', consultantInternal: false })).toEqual([]);
  });
});

describe('activeKeysFor', () => {
  it('marks a link active when the route name contains its word, with its group', () => {
    expect(activeKeysFor(sideMenuFor('admin'), 'master-kelurahan')).toEqual(['master', 'master-kelurahan']);
  });

  it('keeps a list link active on its detail route', () => {
    expect(activeKeysFor(sideMenuFor('admin'), 'pekerjaan-selesai-detail')).toEqual(['pekerjaan-selesai']);
    expect(activeKeysFor(sideMenuFor('admin'), 'assigned-konsultan-detail')).toEqual(['assigned-konsultan']);
  });

  it('does not confuse master-jalan with master-jenis-jalan', () => {
    expect(activeKeysFor(sideMenuFor('admin'), 'master-jenis-jalan')).toEqual([
      'master',
      'master-jenis-jalan',
    ]);
  });
});
