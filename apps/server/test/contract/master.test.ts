// Spec §7 'Master CRUD (web)', read through the spec's read paths (see read-paths.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Asb, Consultant, idName, Road, Subdistrict, TypeWorkColor, User, Village } from './entities.ts';
import { dataDataTotal, dataList, dataMetaTotal, dataRecord, demoApp, json, ok } from './read-paths.ts';

const demo = demoApp();
const { as, call } = demo;

describe('Master CRUD', () => {
  const base = '/api-web/master';
  const listQuery = '?page=1&limit=10&search=&sort_by=id&order_by=desc';

  it('road, road-type, photo-category, asb-surveyor: data + meta.total, detail, create, update, switch-status', async () => {
    const entities = [
      { entity: 'road', shape: Road, body: { name: 'Jalan Kontrak Uji' } },
      { entity: 'road-type', shape: Road, body: { name: 'Jenis Kontrak Uji' } },
      { entity: 'photo-category', shape: Road, body: { name: 'Kategori Kontrak Uji' } },
      { entity: 'asb-surveyor', shape: Asb, body: { name: 'ASB Kontrak Uji', price: 125000 } },
    ] as const;
    for (const { entity, shape, body } of entities) {
      dataMetaTotal(
        await json(call('GET', `${base}/${entity}${listQuery}`, as.admin)),
        shape,
        `${entity} list`,
      );
      const created = dataRecord(
        await json(call('POST', `${base}/${entity}`, as.admin, body)),
        shape,
        `${entity} create`,
      );
      dataRecord(
        await json(call('GET', `${base}/${entity}/${created.id}`, as.admin)),
        shape,
        `${entity} detail`,
      );
      await ok(call('PUT', `${base}/${entity}/${created.id}`, as.admin, { ...body, name: `${body.name} 2` }));
      await ok(call('PUT', `${base}/${entity}/${created.id}/switch-status`, as.admin));
      const { rows, total } = dataMetaTotal(
        await json(
          call(
            'GET',
            `${base}/${entity}?page=1&limit=10&search=${encodeURIComponent(`${body.name} 2`)}`,
            as.admin,
          ),
        ),
        shape,
        `${entity} search`,
      );
      expect(total).toBe(1);
      expect(rows[0]!.isActive).toBe(false);
    }
  });

  it('subdistrict, village, consultant: data.data + data.total, detail, create, update, change-status', async () => {
    const [district] = dataList(
      await json(call('GET', '/api/select-list/district?search=&limit=15', as.admin)),
      idName,
      'select-list/district',
    );
    const subdistrict = dataRecord(
      await json(
        call('POST', `${base}/subdistrict`, as.admin, {
          name: 'Kecamatan Kontrak',
          districtId: district!.id,
        }),
      ),
      Subdistrict,
      'subdistrict create',
    );
    const village = dataRecord(
      await json(
        call('POST', `${base}/village`, as.admin, {
          name: 'Kelurahan Kontrak',
          subdistrictId: subdistrict.id,
        }),
      ),
      Village,
      'village create',
    );
    const consultant = dataRecord(
      await json(
        call('POST', `${base}/consultant`, as.admin, {
          name: 'Rayon Kontrak',
          code: 'RYN-KTR',
          consultantType: 'internal',
          districtId: district!.id,
        }),
      ),
      Consultant,
      'consultant create',
    );
    const cases = [
      {
        entity: 'subdistrict',
        shape: Subdistrict,
        id: subdistrict.id,
        body: { name: 'Kecamatan Kontrak 2', districtId: district!.id },
      },
      {
        entity: 'village',
        shape: Village,
        id: village.id,
        body: { name: 'Kelurahan Kontrak 2', subdistrictId: subdistrict.id },
      },
      {
        entity: 'consultant',
        shape: Consultant,
        id: consultant.id,
        body: {
          name: 'Rayon Kontrak 2',
          code: 'RYN-KTR',
          consultantType: 'internal',
          districtId: district!.id,
        },
      },
    ] as const;
    for (const { entity, shape, id, body } of cases) {
      dataDataTotal(
        await json(call('GET', `${base}/${entity}${listQuery}`, as.admin)),
        shape,
        `${entity} list`,
      );
      await ok(call('PUT', `${base}/${entity}/${id}`, as.admin, body));
      const detail = dataRecord(
        await json(call('GET', `${base}/${entity}/${id}`, as.admin)),
        shape,
        `${entity} detail`,
      );
      expect(detail.name).toBe(body.name);
      await ok(call('PUT', `${base}/${entity}/${id}/change-status`, as.admin));
    }
    // Consultant detail reads consultantType, code, name, district.
    const detail = dataRecord(
      await json(call('GET', `${base}/consultant/${consultant.id}`, as.admin)),
      Consultant.extend({ district: idName }),
      'consultant detail',
    );
    expect(detail.code).toBe('RYN-KTR');
  });

  it('user: page/perPage/search list, create, detail, update, change-status, reset-password', async () => {
    dataDataTotal(
      await json(call('GET', `${base}/user?page=1&perPage=10&search=`, as.admin)),
      User,
      'user list',
    );
    const roles = dataList(
      await json(call('GET', '/api/select-list/role?search=&limit=15', as.admin)),
      idName.extend({ slug: z.string() }),
      'select-list/role',
    );
    const umumRole = roles.find((role) => role.slug === 'umum')!;
    const created = dataRecord(
      await json(
        call('POST', `${base}/user`, as.admin, {
          roleId: umumRole.id,
          username: 'warga.kontrak',
          name: 'Warga Kontrak',
          password: 'Kali-Mas-Jernih-77',
          passwordConfirmation: 'Kali-Mas-Jernih-77',
        }),
      ),
      User,
      'user create',
    );
    await ok(
      call('PUT', `${base}/user/${created.id}`, as.admin, {
        roleId: umumRole.id,
        username: 'warga.kontrak',
        name: 'Warga Kontrak Dua',
      }),
    );
    // User detail reads role, userable, name, username.
    const detail = dataRecord(
      await json(call('GET', `${base}/user/${created.id}`, as.admin)),
      User.extend({ userable: z.unknown() }),
      'user detail',
    );
    expect(detail.name).toBe('Warga Kontrak Dua');
    await ok(call('PUT', `${base}/user/${created.id}/change-status`, as.admin));
    await ok(call('PUT', `${base}/user/${created.id}/reset-password`, as.admin));
  });

  it('type-work-color: data.data + data.total, create (color, type_work), detail, update, delete', async () => {
    dataDataTotal(
      await json(call('GET', `${base}/type-work-color${listQuery}`, as.admin)),
      TypeWorkColor,
      'type-work-color list',
    );
    const created = dataRecord(
      await json(
        call('POST', `${base}/type-work-color`, as.admin, { color: '#123abc', type_work: 'Jenis Kontrak' }),
      ),
      TypeWorkColor,
      'type-work-color create',
    );
    expect(created).toMatchObject({ typeWork: 'Jenis Kontrak', color: '#123abc' });
    dataRecord(
      await json(call('GET', `${base}/type-work-color/${created.id}`, as.admin)),
      TypeWorkColor,
      'type-work-color detail',
    );
    await ok(
      call('PUT', `${base}/type-work-color/${created.id}`, as.admin, {
        color: '#abc123',
        type_work: 'Jenis Kontrak 2',
      }),
    );
    await ok(call('DELETE', `${base}/type-work-color/${created.id}`, as.admin));
  });
});
