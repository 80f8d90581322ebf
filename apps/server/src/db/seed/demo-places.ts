import type { LonLat } from '../../modules/completed-work/completed-work-shapefile-writer.ts';

/**
 * Where the demo's streets are: each proposal road with the official code of the kelurahan it runs
 * through (data/surabaya-wilayah.csv), and for the streets that are surveyed or were worked on, an
 * approximate centre line ([longitude, latitude], WGS84) of a stretch inside that kelurahan. A road that
 * crosses several kelurahan is given the one of its best-known stretch (its landmark's address).
 */
export interface DemoStreet {
  road: string;
  villageCode: string;
  line?: LonLat[];
}

/** Streets in the Surabaya Pusat rayon (kecamatan Genteng, Tegalsari, Bubutan, Simokerto): konsultan1's. */
export const PUSAT_STREETS: DemoStreet[] = [
  {
    road: 'Jalan Tunjungan',
    villageCode: '35.78.07.1002', // Genteng, Kec. Genteng
    line: [
      [112.7381, -7.2575],
      [112.7387, -7.2601],
      [112.7393, -7.2622],
    ],
  },
  {
    road: 'Jalan Embong Malang',
    villageCode: '35.78.05.1003', // Kedungdoro, Kec. Tegalsari
    line: [
      [112.7346, -7.2626],
      [112.737, -7.2628],
      [112.739, -7.263],
    ],
  },
  {
    road: 'Jalan Basuki Rahmat',
    villageCode: '35.78.07.1001', // Embong Kaliasin, Kec. Genteng
    line: [
      [112.7402, -7.2645],
      [112.741, -7.268],
      [112.7418, -7.2712],
    ],
  },
  {
    road: 'Jalan Pahlawan',
    villageCode: '35.78.13.1001', // Alun-alun Contong, Kec. Bubutan
    line: [
      [112.7396, -7.243],
      [112.7394, -7.2455],
      [112.7391, -7.248],
    ],
  },
  { road: 'Jalan Kapasari', villageCode: '35.78.07.1003' }, // Kapasari, Kec. Genteng
  { road: 'Jalan Peneleh', villageCode: '35.78.07.1005' }, // Peneleh, Kec. Genteng
  { road: 'Jalan Kedungdoro', villageCode: '35.78.05.1003' }, // Kedungdoro, Kec. Tegalsari
  { road: 'Jalan Tegalsari', villageCode: '35.78.05.1001' }, // Tegalsari, Kec. Tegalsari
  { road: 'Jalan Kapasan', villageCode: '35.78.11.1002' }, // Kapasan, Kec. Simokerto
  { road: 'Jalan Tembok Dukuh', villageCode: '35.78.13.1005' }, // Tembok Dukuh, Kec. Bubutan
  { road: 'Jalan Bubutan', villageCode: '35.78.13.1002' }, // Bubutan, Kec. Bubutan
];

/** Streets elsewhere in the city: the external consultant (CV Cipta Karya Mandiri) serves them. */
export const OTHER_STREETS: DemoStreet[] = [
  { road: 'Jalan Manyar Kertoarjo', villageCode: '35.78.08.1002' }, // Mojo, Kec. Gubeng
  { road: 'Jalan Ngagel', villageCode: '35.78.04.1003' }, // Ngagel, Kec. Wonokromo
  { road: 'Jalan Raya Menganti', villageCode: '35.78.20.1001' }, // Wiyung, Kec. Wiyung
  { road: 'Jalan Raya Tandes', villageCode: '35.78.14.1002' }, // Tandes, Kec. Tandes
  {
    road: 'Jalan Raya Darmo',
    villageCode: '35.78.04.1005', // Darmo, Kec. Wonokromo (Taman Bungkul)
    line: [
      [112.7385, -7.287],
      [112.7379, -7.2918],
      [112.737, -7.2965],
    ],
  },
  {
    road: 'Jalan Kenjeran',
    villageCode: '35.78.10.1003', // Gading, Kec. Tambaksari
    line: [
      [112.76, -7.245],
      [112.7675, -7.2435],
      [112.775, -7.242],
    ],
  },
  {
    road: 'Jalan Ahmad Yani',
    villageCode: '35.78.22.1004', // Ketintang, Kec. Gayungan (Graha Pena)
    line: [
      [112.7318, -7.317],
      [112.7312, -7.3215],
      [112.7306, -7.326],
    ],
  },
  {
    road: 'Jalan Rungkut Industri',
    villageCode: '35.78.24.1002', // Kendangsari, Kec. Tenggilis Mejoyo (SIER)
    line: [
      [112.755, -7.33],
      [112.76, -7.331],
      [112.765, -7.332],
    ],
  },
  {
    road: 'Jalan Mayjen Sungkono',
    villageCode: '35.78.21.1003', // Gunung Sari, Kec. Dukuh Pakis (Ciputra World)
    line: [
      [112.718, -7.293],
      [112.715, -7.2923],
      [112.712, -7.2916],
    ],
  },
  {
    road: 'Jalan Kertajaya Indah',
    villageCode: '35.78.26.1002', // Manyar Sabrangan, Kec. Mulyorejo
    line: [
      [112.78, -7.28],
      [112.785, -7.2798],
      [112.79, -7.2795],
    ],
  },
  {
    road: 'Jalan Kembang Jepun',
    villageCode: '35.78.12.1001', // Bongkaran, Kec. Pabean Cantian
    line: [
      [112.7375, -7.2385],
      [112.7405, -7.2386],
      [112.7435, -7.2388],
    ],
  },
];

export const DEMO_STREETS = [...PUSAT_STREETS, ...OTHER_STREETS];

export function streetOf(road: string): DemoStreet {
  const street = DEMO_STREETS.find((item) => item.road === road);
  if (!street) throw new Error(`no demo street ${road}`);
  return street;
}

/**
 * Streets whose completed works the demo imports: beside the proposals' streets (a continuation, a
 * parallel or a side street a few hundred metres away), never on a surveyed stretch, so the map shows
 * both the red proposals and the work-type colours.
 */
export const WORK_STREETS: Record<string, LonLat[]> = {
  'Jalan Gemblongan': [
    [112.7377, -7.2535],
    [112.7379, -7.2562],
  ],
  'Jalan Genteng Kali': [
    [112.7405, -7.256],
    [112.7425, -7.2585],
    [112.7435, -7.2605],
  ],
  'Jalan Panglima Sudirman': [
    [112.744, -7.264],
    [112.7443, -7.267],
    [112.7446, -7.27],
  ],
  'Jalan Kedungdoro': [
    [112.733, -7.264],
    [112.7325, -7.27],
    [112.7318, -7.2745],
  ],
  'Jalan Bubutan': [
    [112.735, -7.244],
    [112.7347, -7.247],
    [112.7345, -7.25],
  ],
  'Jalan Rajawali': [
    [112.7345, -7.2387],
    [112.7322, -7.2392],
    [112.73, -7.2398],
  ],
  /** The Dr. Soetomo end of the road, north of the proposal's stretch at Taman Bungkul. */
  'Jalan Raya Darmo': [
    [112.7395, -7.2795],
    [112.7392, -7.2822],
    [112.7388, -7.285],
  ],
  'Jalan Diponegoro': [
    [112.729, -7.278],
    [112.7305, -7.284],
    [112.732, -7.29],
  ],
  'Jalan Ketintang': [
    [112.7292, -7.3142],
    [112.7245, -7.3132],
    [112.72, -7.3125],
  ],
  /** The Gayungan stretch, south of the proposal's stretch at Ketintang. */
  'Jalan Ahmad Yani': [
    [112.73, -7.3305],
    [112.7296, -7.3335],
    [112.7292, -7.3365],
  ],
  /** The western stretch, towards the HR Muhammad junction. */
  'Jalan Mayjen Sungkono': [
    [112.7095, -7.291],
    [112.7072, -7.2905],
    [112.705, -7.29],
  ],
  'Jalan Kertajaya': [
    [112.756, -7.279],
    [112.766, -7.2795],
    [112.7735, -7.2798],
  ],
  'Jalan Dharmahusada': [
    [112.765, -7.268],
    [112.772, -7.2685],
    [112.78, -7.269],
  ],
  'Jalan Kendangsari': [
    [112.746, -7.3225],
    [112.75, -7.3235],
    [112.7535, -7.3245],
  ],
  'Jalan Kapas Krampung': [
    [112.757, -7.2482],
    [112.7573, -7.252],
    [112.7576, -7.256],
  ],
  /** The stretch towards the coast, east of the proposal's stretch in Gading. */
  'Jalan Kenjeran': [
    [112.7795, -7.2412],
    [112.785, -7.2403],
    [112.79, -7.2395],
  ],
};
