// Spec §7 'Select lists (global)', read through the spec's read paths (see read-paths.ts).
import { describe, it } from 'vitest';
import { z } from 'zod';
import { CONSULTANT_TYPES, idName } from './entities.ts';
import { dataList, demoApp, json, ok } from './read-paths.ts';

const demo = demoApp();
const { as, call } = demo;

describe('Select lists', () => {
  it('answer arrays with the fields spec §7 names', async () => {
    const lists: [string, z.ZodType][] = [
      ['district', idName],
      ['subdistrict', idName],
      ['role', idName.extend({ slug: z.string() })],
      ['consultant', idName.extend({ consultantTypeName: z.string(), consultantType: CONSULTANT_TYPES })],
      ['type-works', z.object({ id: z.number().int(), jenisPekerjaan: z.string() })],
      ['road', idName],
      ['village', idName.extend({ subdistrict: z.object({ name: z.string() }) })],
      ['year-completed-work', z.object({ year: z.number().int() })],
      ['year-proposal', z.object({ year: z.number().int() })],
      ['location', z.object({ lokasi: z.string() })],
      ['type-work-color', z.object({ idHash: z.string(), typeWork: z.string() })],
    ];
    for (const [name, item] of lists) {
      dataList(
        await json(call('GET', `/api/select-list/${name}?search=&limit=15`, as.admin)),
        item,
        `select-list/${name}`,
      );
    }
    // The maps' filters, as umum opens them.
    for (const name of ['year-proposal', 'year-completed-work', 'location', 'type-work-color']) {
      await ok(call('GET', `/api/select-list/${name}?search=&limit=15`, as.umum));
    }
    // The consultant select of the proposal form: by village, internal first.
    const [village] = dataList(
      await json(call('GET', '/api/select-list/village?search=&limit=15', as.admin)),
      idName,
      'village',
    );
    dataList(
      await json(
        call(
          'GET',
          `/api/select-list/consultant?search=&orderInternal=1&limit=15&villageId=${village!.id}`,
          as.admin,
        ),
      ),
      idName.extend({ consultantType: CONSULTANT_TYPES }),
      'select-list/consultant by village',
    );
    dataList(
      await json(call('GET', '/api/select-list/consultant?search=&limit=15&hasUser=0', as.admin)),
      idName,
      'consultant hasUser=0',
      false,
    );
  });
});
