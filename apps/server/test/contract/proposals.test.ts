// Spec §7 'Proposals (web)', read through the spec's read paths (see read-paths.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filledImportTemplate } from '../import-workbook.ts';
import { fixture, sendForm } from '../multipart.ts';
import { CONSULTANT_TYPES, idName, Proposal, ProposalDetail } from './entities.ts';
import {
  dataDataTotal,
  dataList,
  dataMetaTotal,
  dataRecord,
  demoApp,
  expectItems,
  expectShape,
  json,
  ok,
} from './read-paths.ts';

const demo = demoApp();
const { as, call } = demo;

/** Remembered across calls, as a client keeps ids from one screen for the next. */
const seen: Record<string, number> = {};

describe('Proposals', () => {
  // The proposal form's selects as the dialog fills them: a village, then the consultant offered first.
  beforeAll(async () => {
    const [village] = dataList(
      await json(call('GET', '/api/select-list/village?search=&limit=15', as.admin)),
      idName,
      'village',
    );
    const offered = dataList(
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
    seen.villageId = village!.id;
    seen.offeredConsultantId = offered[0]!.id;
  });

  it('GET proposal: data.data + data.total of §3 rows on every tab; the place history', async () => {
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const { rows, total } = dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/proposal?page=1&limit=10&search=&sort_by=id&order_by=desc&proposalType=${proposalType}&isHistory=0`,
            as.admin,
          ),
        ),
        Proposal,
        `proposal ${proposalType}`,
      );
      expect(total).toBeGreaterThanOrEqual(rows.length);
    }
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/proposal?page=1&limit=10&proposalType=taruna&isHistory=0&startYear=2000&endYear=2100',
          as.admin,
        ),
      ),
      Proposal,
      'proposal years',
    );
    const row = rows[0]!;
    const place = new URLSearchParams({
      villageId: String(row.village.id),
      isHistory: '1',
      page: '1',
      limit: '10',
      ...(row.road ? { roadId: String(row.road.id) } : {}),
      ...(row.rtNumber !== '-' ? { rtNumber: row.rtNumber } : {}),
      ...(row.rwNumber !== '-' ? { rwNumber: row.rwNumber } : {}),
    });
    dataDataTotal(
      await json(call('GET', `/api-web/proposal?${place}&excludeId=${row.id}`, as.admin)),
      Proposal,
      'place history',
      false,
    );
  });

  it('GET proposal/{id}: the detail with files, survey and survey histories (historyCount counts them)', async () => {
    // A surveyed proposal of the demo, as structural's process list shows it.
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/process?page=1&limit=10&proposalType=taruna&statusType=sudah_survey',
          as.structural,
        ),
      ),
      Proposal,
      'process sudah_survey',
    );
    const surveyed = rows[0]!;
    const detail = dataRecord(
      await json(call('GET', `/api-web/proposal/${surveyed.id}?exclude=0`, as.admin)),
      ProposalDetail,
      'proposal detail',
    );
    expect(detail.survey).not.toBeNull();
    expect(detail.historyCount).toBe(detail.surveyHistories.length);
    dataRecord(
      await json(call('GET', `/api-web/proposal/${surveyed.id}`, as.admin)),
      ProposalDetail,
      'proposal edit form',
    );
  });

  it('POST proposal and POST proposal/{id} (multipart), POST proposal/{id}/contact-person', async () => {
    const [road] = dataList(
      await json(call('GET', '/api/select-list/road?search=&limit=15', as.admin)),
      idName,
      'road',
    );
    const fields = {
      proposalType: 'umum',
      proposalDate: '2026-03-14',
      proposerName: 'Warga Kontrak',
      phoneNumber: '081234567890',
      roadId: road!.id,
      villageId: seen.villageId,
      rtNumber: '03',
      rwNumber: '07',
      address: 'Depan balai RW',
      consultantId: seen.offeredConsultantId,
    };
    const created = dataRecord(
      await json(
        sendForm(demo.t.app, '/api-web/proposal', as.admin, fields, {
          'files[]': [fixture('surat-usulan.pdf')],
        }),
      ),
      ProposalDetail,
      'proposal create',
    );
    const kept = created.proposalFiles[0]!.id;
    await ok(
      sendForm(demo.t.app, `/api-web/proposal/${created.id}`, as.admin, {
        ...fields,
        proposerName: 'Warga Kontrak Dua',
        'existingFileId[]': [kept],
      }),
    );
    await ok(
      sendForm(
        demo.t.app,
        `/api-web/proposal/${created.id}/contact-person`,
        as.admin,
        {
          proposalDate: '2026-03-15',
          proposerName: 'Warga Kontrak Tiga',
          villageId: seen.villageId,
          phoneNumber: '081234567891',
          roadId: road!.id,
          rtNumber: '03',
          rwNumber: '07',
          address: 'Depan balai RW',
          'existingFileId[]': [kept],
        },
        { 'files[]': [fixture('road-photo.png')] },
      ),
    );
    const detail = dataRecord(
      await json(call('GET', `/api-web/proposal/${created.id}?exclude=0`, as.admin)),
      ProposalDetail,
      'detail',
    );
    expect(detail.proposerName).toBe('Warga Kontrak Tiga');
    expect(detail.proposalFiles).toHaveLength(2);
    // Spec §7: media links carry the stored token as a query parameter, no header.
    const token = as.admin.authorization!.replace(/^Bearer /, '');
    const link = detail.proposalFiles[0]!.link;
    const media = await ok(call('GET', `${link}${link.includes('?') ? '&' : '?'}token=${token}`, {}));
    expect(media.rawPayload.length).toBe(detail.proposalFiles[0]!.size);
  });

  it('GET proposal/export-template gives an xlsx; POST proposal/import-template a 400 with data.errorList', async () => {
    const template = await ok(call('GET', '/api-web/proposal/export-template?proposalType=pokir', as.admin));
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const workbook = await filledImportTemplate(demo.t, as.admin, 'pokir', [
      ['bukan tanggal', '', '', '', '', '', '', '', ''],
    ]);
    const refused = await sendForm(
      demo.t.app,
      '/api-web/proposal/import-template',
      as.admin,
      { proposalType: 'pokir' },
      {
        file: [{ name: 'usulan.xlsx', content: workbook }],
      },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const errorList = expectShape(
      z.object({
        data: z.object({
          errorList: z.array(
            z.object({ excelRow: z.number().int().nullable(), errors: z.array(z.string()) }),
          ),
        }),
      }),
      refused.json(),
      'import errorList',
    ).data.errorList;
    expect(errorList.length).toBeGreaterThan(0);
  });

  it('GET verification gives data.data proposals; POST verification takes proposalId (a list)', async () => {
    let verified = false;
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const list = expectShape(
        z.object({ data: z.object({ data: z.array(z.unknown()) }) }),
        await json(
          call(
            'GET',
            `/api-web/verification?proposalType=${proposalType}&startYear=2000&endYear=2100`,
            as.consultan,
          ),
        ),
        'verification',
      ).data.data;
      const rows = expectItems(Proposal, list, `verification ${proposalType}`, false);
      if (!verified && rows.length > 0) {
        await ok(call('POST', '/api-web/verification', as.consultan, { proposalId: [rows[0]!.id] }));
        verified = true;
      }
    }
    expect(verified, 'the demo consultant has an unverified proposal').toBe(true);
  });

  it('GET process: data.data + data.total with each status filter; POST process/{id}/change-process', async () => {
    for (const statusType of ['semua', 'perlu_approval', 'belum_survey', 'sudah_survey']) {
      dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/process?page=1&limit=10&search=&sort_by=id&order_by=desc&proposalType=taruna&statusType=${statusType}`,
            as.structural,
          ),
        ),
        Proposal,
        `process ${statusType}`,
        false,
      );
    }
    let decided = false;
    for (const proposalType of ['taruna', 'umum', 'pokir', 'musrenbang']) {
      const { rows } = dataDataTotal(
        await json(
          call(
            'GET',
            `/api-web/process?page=1&limit=10&proposalType=${proposalType}&statusType=perlu_approval`,
            as.structural,
          ),
        ),
        Proposal,
        `process ${proposalType}`,
        false,
      );
      if (!rows[0]) continue;
      await ok(
        sendForm(
          demo.t.app,
          `/api-web/process/${rows[0].id}/change-process`,
          as.structural,
          { processType: 'pending' },
          { 'files[]': [fixture('surat-usulan.pdf')] },
        ),
      );
      decided = true;
      break;
    }
    expect(decided, 'the demo has a surveyed proposal awaiting approval').toBe(true);
  });

  it('GET assigned-consultant: data.data + data.total; assigned-consultant/{id}/list-proposal: data + meta.total', async () => {
    const { rows } = dataDataTotal(
      await json(
        call(
          'GET',
          '/api-web/assigned-consultant?page=1&limit=10&search=&sort_by=total_proposals&order_by=asc',
          as.admin,
        ),
      ),
      z.object({
        name: z.string(),
        consultantType: CONSULTANT_TYPES,
        idHash: z.string(),
        verification: z.object({ statusVerified: z.number().int(), totalProposal: z.number().int() }),
        total_proposals: z.number().int(),
      }),
      'assigned-consultant',
    );
    dataDataTotal(
      await json(
        call('GET', '/api-web/assigned-consultant?page=1&limit=10&sort_by=name&order_by=desc', as.admin),
      ),
      z.object({ idHash: z.string() }),
      'by name',
    );
    const busiest = rows.reduce((a, b) =>
      b.verification.totalProposal > a.verification.totalProposal ? b : a,
    );
    dataMetaTotal(
      await json(
        call('GET', `/api-web/assigned-consultant/${busiest.idHash}/list-proposal?page=1&limit=10`, as.admin),
      ),
      Proposal,
      'list-proposal',
    );
  });
});
