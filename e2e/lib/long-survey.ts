import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TProposalDetail, TSurvey } from '@eusulan/shared';
import { signIn } from './flows.ts';
import { DEMO_PASSWORD } from './harness.ts';

const ROAD_PHOTO = readFileSync(
  fileURLToPath(new URL('../../apps/server/test/fixtures/road-photo.png', import.meta.url)),
);

/** Jalan Tunjungan, Surabaya, in two drawn segments. */
const TUNJUNGAN = [
  { startLat: -7.2575, startLon: 112.7381, endLat: -7.2601, endLon: 112.7389 },
  { startLat: -7.2601, startLon: 112.7389, endLat: -7.2628, endLon: 112.7395 },
];

interface Option {
  id: number;
  name: string;
}

/** A call of the API as the token's user; throws with the answer when refused. */
async function call<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** What the long survey holds, to check the printed report against. */
export interface LongSurvey {
  proposal: TProposalDetail;
  survey: TSurvey;
  /** Photos per category name, in upload order, with their descriptions. */
  photos: { category: string; description: string }[];
}

/**
 * A sent survey long enough to run over several pages: a road of 32 priced items (a cost table taller than
 * a page, so it must break and carry its heading rows over) and one of 14, several paragraphs of damage identification, and nine described
 * photos in three categories. Registered by the admin for Rayon Surabaya Pusat (konsultan1), verified and
 * surveyed by konsultan1 through the API.
 */
export async function makeLongSurvey(baseUrl: string, adminToken: string): Promise<LongSurvey> {
  const consultantToken = await signIn(baseUrl, 'konsultan1', DEMO_PASSWORD);
  const admin = <T>(method: string, url: string, body?: unknown) =>
    call<T>(baseUrl, adminToken, method, url, body);
  const consultant = <T>(method: string, url: string, body?: unknown) =>
    call<T>(baseUrl, consultantToken, method, url, body);

  const [village] = await admin<Option[]>('GET', '/api/select-list/village?search=kedungdoro');
  const [road] = await admin<Option[]>('GET', '/api/select-list/road?search=tunjungan');
  const consultants = await admin<Option[]>(
    'GET',
    `/api/select-list/consultant?villageId=${village?.id}&orderInternal=1`,
  );
  const rayon = consultants.find((item) => item.name === 'Rayon Surabaya Pusat');
  const created = await admin<TProposalDetail>('POST', '/api-web/proposal', {
    proposalType: 'taruna',
    proposalDate: new Date().toISOString().slice(0, 10),
    proposerName: 'Uji Laporan Panjang',
    phoneNumber: '089910020099',
    roadId: road?.id,
    villageId: village?.id,
    rtNumber: '05',
    rwNumber: '03',
    address: 'Jalan Tunjungan, laporan dengan banyak foto',
    consultantId: rayon?.id,
  });
  await consultant('POST', '/api-web/verification', { proposalId: [created.id] });

  const asb = await consultant<Option[]>('GET', '/api/select-list/asb-surveyor?limit=100');
  const types = await consultant<Option[]>('GET', '/api/select-list/type-works?limit=100');
  const categories = await consultant<Option[]>('GET', '/api/select-list/photo-category?limit=100');
  const items = (offset: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      asbSurveyorId: asb[(index + offset) % asb.length]?.id,
      long: 40 + index * 7.5,
      wide: index % 2 ? 1.5 : 6,
    }));
  const paragraph = (n: number) =>
    `<p>Titik ${n}: retak memanjang dan lubang berdiameter sekitar ${20 + n * 5} cm pada lajur kiri, genangan setelah hujan karena saluran tepi tertutup sedimen; perlu penanganan sebelum musim hujan.</p>`;
  await consultant('POST', `/api/survey/${created.id}`, {
    roadTypes: types.slice(0, 2).map((type) => type.id),
    roadCondition: 'Aspal retak buaya, berlubang di banyak titik',
    canalExisting: 'Ada, kedua sisi',
    canalCondition: 'Tertutup sedimen dan sampah',
    damageIdentification: Array.from({ length: 8 }, (_, index) => paragraph(index + 1)).join(''),
    suggestion: '<p>Pengaspalan ulang seluruh ruas dan normalisasi saluran kedua sisi.</p>',
    surveyRoad: [
      { drawLine: { lokasi: TUNJUNGAN }, asbSurveyors: items(0, 32) },
      { drawLine: { lokasi: TUNJUNGAN.slice(1) }, asbSurveyors: items(3, 14) },
    ],
  });

  const photos: LongSurvey['photos'] = [];
  const plan = [4, 3, 2];
  for (const [categoryIndex, count] of plan.entries()) {
    const category = categories[categoryIndex];
    if (!category) throw new Error('the demo set has three photo categories');
    for (let index = 0; index < count; index++) {
      const description =
        index === 1
          ? `Titik ${index + 1} ${category.name.toLowerCase()}: keterangan panjang yang ditulis surveyor di lapangan tentang lebar kerusakan, kedalaman lubang, letak terhadap rumah warga nomor 12 sampai 20, dan saran penanganannya`
          : `Titik ${index + 1} ${category.name.toLowerCase()} di Jalan Tunjungan`;
      const form = new FormData();
      form.append('photoCategoryId', String(category.id));
      form.append('description', description);
      form.append(
        'file',
        new Blob([ROAD_PHOTO], { type: 'image/png' }),
        `IMG_90${categoryIndex}${index}.png`,
      );
      await consultant('POST', `/api/survey/${created.id}/photo`, form);
      photos.push({ category: category.name, description });
    }
  }
  const survey = await consultant<TSurvey>('POST', `/api/survey/${created.id}/submit`);
  const proposal = await admin<TProposalDetail>('GET', `/api-web/proposal/${created.id}?exclude=0`);
  return { proposal, survey, photos };
}
