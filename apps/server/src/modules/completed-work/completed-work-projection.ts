import { readFile } from 'node:fs/promises';
import geodesic from 'geographiclib-geodesic';
import proj4 from 'proj4';
import { ImportRefused, type ReasonList } from './completed-work-reasons.ts';

// Which coordinate system a layer is in, and where its points are on the WGS84 ellipsoid. Offices send files
// from GIS staff in the systems Indonesian mapping uses; a wrong guess puts a city's roads near the South Pole
// or tens of metres off, so a file without a .prj is placed only when exactly one system puts it in the
// office's area, and every layer must land inside Indonesia.

/** (x, y) of the file's coordinate system to [longitude, latitude] in WGS84, with the system's name. */
export type Projection = ((x: number, y: number) => [number, number]) & {
  label: string;
  /** A projected system (metres): a layer in degrees under it is a wrong .prj. */
  inMetres: boolean;
};

/** A rectangle in WGS84 degrees. */
export interface Area {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Indonesia from Sabang to Merauke and Rote to Miangas, with a margin for the sea around its islands. */
export const INDONESIA: Area = { minLon: 94, minLat: -11.5, maxLon: 141.5, maxLat: 6.5 };

/**
 * ID74 to WGS 84 as GDAL and PROJ choose it for Indonesia onshore (EPSG's "ID74 to WGS 84 (3)", 3 m): a
 * seven-parameter Helmert, here in the position-vector order proj4's towgs84 takes (PROJ lists the
 * rotations in coordinate-frame order, so their signs flip).
 */
const ID74_TO_WGS84 = '-1.977,-13.06,-9.993,0.364,0.254,0.689,-1.037';
const ID74_ELLIPSOID = '+a=6378160 +rf=298.247';

interface CoordinateSystem {
  label: string;
  definition: string;
}

const UTM_ZONES = [46, 47, 48, 49, 50, 51, 52, 53, 54];

/** TM-3's zones, 3° wide from 94.5° E: 46.2, 47.1, 47.2 ... 54.1 (EPSG 23830 to 23845). */
const TM3_ZONES = Array.from({ length: 16 }, (_, index) => ({
  name: `${46 + Math.floor((index + 1) / 2)}.${(index + 1) % 2 === 0 ? 1 : 2}`,
  centralMeridian: 94.5 + 3 * index,
  epsg: 23830 + index,
}));

/**
 * The systems tried for a layer without a .prj, in order of preference: when several put the layer at the
 * same place (WGS 84 and ID74 UTM differ by tens of metres), the first is chosen. DGN95 is WGS 84 to within
 * centimetres, so its UTM zones are WGS 84's.
 */
export const INDONESIAN_SYSTEMS: CoordinateSystem[] = [
  { label: 'WGS 84 (derajat, EPSG:4326)', definition: 'EPSG:4326' },
  ...UTM_ZONES.flatMap((zone) =>
    (['S', 'N'] as const).map((hemisphere) => ({
      label: `WGS 84 / UTM zona ${zone}${hemisphere} (EPSG:${hemisphere === 'S' ? 32700 + zone : 32600 + zone})`,
      definition: `+proj=utm +zone=${zone}${hemisphere === 'S' ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`,
    })),
  ),
  ...TM3_ZONES.map((zone) => ({
    label: `DGN95 / Indonesia TM-3 zona ${zone.name} (EPSG:${zone.epsg})`,
    definition: `+proj=tmerc +lat_0=0 +lon_0=${zone.centralMeridian} +k=0.9999 +x_0=200000 +y_0=1500000 +ellps=WGS84 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`,
  })),
  ...UTM_ZONES.flatMap((zone) =>
    (zone === 54 ? (['S'] as const) : (['S', 'N'] as const)).map((hemisphere) => ({
      label: `ID74 / UTM zona ${zone}${hemisphere} (EPSG:${hemisphere === 'S' ? 23840 + zone : 23800 + zone})`,
      definition: `+proj=utm +zone=${zone}${hemisphere === 'S' ? ' +south' : ''} ${ID74_ELLIPSOID} +towgs84=${ID74_TO_WGS84} +units=m +no_defs`,
    })),
  ),
];

function projectionOf(system: CoordinateSystem): Projection {
  if (system.definition === 'EPSG:4326') return WGS84;
  const converter = proj4(system.definition, 'EPSG:4326');
  return Object.assign((x: number, y: number) => converter.forward([x, y]) as [number, number], {
    label: system.label,
    inMetres: true,
  });
}

export const WGS84: Projection = Object.assign((x: number, y: number): [number, number] => [x, y], {
  label: INDONESIAN_SYSTEMS[0]!.label,
  inMetres: false,
});

export const isInside = (area: Area, [lon, lat]: [number, number]) =>
  lon >= area.minLon && lon <= area.maxLon && lat >= area.minLat && lat <= area.maxLat;

/** The corners and centre of a layer's extent [xmin, ymin, xmax, ymax], where every system is tried. */
function probesOf(bbox: number[]): [number, number][] {
  const [xmin = Number.NaN, ymin = Number.NaN, xmax = Number.NaN, ymax = Number.NaN] = bbox;
  return [
    [xmin, ymin],
    [xmin, ymax],
    [xmax, ymin],
    [xmax, ymax],
    [(xmin + xmax) / 2, (ymin + ymax) / 2],
  ];
}

/** The extent's centre in WGS84 under a projection, or null when it does not convert to a real place. */
function placeOf(project: Projection, bbox: number[], area: Area): [number, number] | null {
  try {
    const points = probesOf(bbox).map(([x, y]) => project(x, y));
    if (!points.every((point) => point.every(Number.isFinite) && isInside(area, point))) return null;
    return points[4] ?? null;
  } catch {
    return null;
  }
}

/** Systems whose places lie within this of the first one's are the same answer (datum shifts, not zones). */
const SAME_PLACE_M = 250;

const formatDegrees = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 4 });
const formatArea = (area: Area) =>
  `bujur ${formatDegrees(area.minLon)} s.d. ${formatDegrees(area.maxLon)}, lintang ${formatDegrees(area.minLat)} s.d. ${formatDegrees(area.maxLat)}`;

/** The systems that put the layer's extent inside the area, in preference order. */
export function systemsPlacingInside(bbox: number[], area: Area) {
  const found: { projection: Projection; place: [number, number] }[] = [];
  for (const system of INDONESIAN_SYSTEMS) {
    const projection = projectionOf(system);
    const place = placeOf(projection, bbox, area);
    if (place) found.push({ projection, place });
  }
  return found;
}

/**
 * A layer without a .prj: the one system (or several at the same place) that puts it inside the office's
 * area, said in a warning; refused when none does or when systems disagree, with the candidates listed.
 */
export function detectProjection(bbox: number[], area: Area, warnings: ReasonList): Projection {
  const found = systemsPlacingInside(bbox, area);
  const [first] = found;
  if (!first) {
    // A file from another office's area most likely belongs nearby: the nearest landings come first.
    const centre: [number, number] = [(area.minLon + area.maxLon) / 2, (area.minLat + area.maxLat) / 2];
    const nearest = systemsPlacingInside(bbox, INDONESIA)
      .map((item) => ({ ...item, away: distanceMetres(centre, item.place) }))
      .sort((a, b) => a.away - b.away)
      .slice(0, 3)
      .map(
        (item) =>
          `${item.projection.label} di lintang ${formatDegrees(item.place[1])}, bujur ${formatDegrees(item.place[0])} (${Math.round(item.away / 1000)} km dari wilayah kantor)`,
      );
    throw new ImportRefused([
      `Berkas .prj tidak ditemukan dan tidak ada sistem koordinat yang menempatkan data di wilayah kantor (${formatArea(area)}).` +
        (nearest.length
          ? ` Data jatuh di tempat lain bila dibaca sebagai: ${nearest.join('; ')}. Sertakan berkas .prj yang benar.`
          : ' Sertakan berkas .prj (sistem koordinat) dari aplikasi GIS.'),
    ]);
  }
  const elsewhere = found.filter((item) => distanceMetres(first.place, item.place) > SAME_PLACE_M);
  if (elsewhere.length) {
    throw new ImportRefused([
      `Berkas .prj tidak ditemukan dan beberapa sistem koordinat menempatkan data di wilayah kantor di tempat berbeda: ${[first, ...elsewhere].map((item) => item.projection.label).join('; ')}. Sertakan berkas .prj.`,
    ]);
  }
  warnings.add(`Tidak ada berkas .prj; koordinat dibaca sebagai ${first.projection.label}.`);
  return first.projection;
}

const PRJ_MAX_BYTES = 64 * 1024;

/**
 * A .prj's coordinate system, whatever proj4 reads. ID74 written by ESRI software carries no datum shift,
 * which would put the works tens of metres off; GDAL's shift is added when none is given.
 */
export async function projectionFromPrj(prjPath: string, bbox: number[]): Promise<Projection> {
  const refuse = () =>
    new ImportRefused([
      'Berkas .prj tidak dapat dibaca: sistem koordinat tidak dikenali (gunakan UTM 49S atau WGS84).',
    ]);
  const bytes = await readFile(prjPath);
  if (bytes.length > PRJ_MAX_BYTES) throw refuse();
  const wkt = bytes
    .toString('latin1')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!/^(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS|COMPD_CS)\[/i.test(wkt)) throw refuse();
  try {
    const definition = withId74Shift(wkt);
    const converter = proj4(definition, 'EPSG:4326');
    const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = bbox;
    const probe = converter.forward([(xmin + xmax) / 2, (ymin + ymax) / 2]);
    if (!probe.every((value) => Number.isFinite(value))) throw new Error('probe');
    return Object.assign((x: number, y: number) => converter.forward([x, y]) as [number, number], {
      label: prjLabel(wkt),
      inMetres: /^PROJ/i.test(wkt),
    });
  } catch {
    throw refuse();
  }
}

/** The WKT's own name for its system: PROJCS["DGN95 / Indonesia TM-3 zone 49.1", ...]. */
function prjLabel(wkt: string) {
  const name = /^[A-Z_]+\["([^"]{1,120})"/i.exec(wkt)?.[1];
  return name ? `${name.replaceAll('_', ' ')} (berkas .prj)` : 'sistem koordinat berkas .prj';
}

/** ID74 without TOWGS84 gets GDAL's; any other WKT is handed to proj4 as it is. */
function withId74Shift(wkt: string): string {
  if (/TOWGS84/i.test(wkt) || !/Indonesian[_ ]1974|"ID74"/i.test(wkt)) return wkt;
  // proj4 reads the WKT into a definition; the same definition with the shift is registered beside it.
  proj4.defs('prj-id74', wkt);
  proj4.defs('prj-id74-shifted', {
    ...proj4.defs('prj-id74'),
    datum_params: ID74_TO_WGS84.split(',').map(Number),
  });
  return 'prj-id74-shifted';
}

/**
 * GeoJSON's coordinate system: WGS84 (RFC 7946), or an EPSG code of an old-style crs member that proj4
 * knows.
 */
export function geoJsonProjection(document: { crs?: { properties?: { name?: unknown } } }): Projection {
  const name = document.crs?.properties?.name;
  if (typeof name !== 'string' || /CRS84$/i.test(name)) return WGS84;
  const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1];
  if (code === '4326') return WGS84;
  const definition = code ? `EPSG:${code}` : '';
  if (!code || !proj4.defs(definition)) {
    throw new ImportRefused([
      `Sistem koordinat GeoJSON (${name.slice(0, 60)}) tidak didukung; gunakan WGS84 atau UTM 49S.`,
    ]);
  }
  const converter = proj4(definition, 'EPSG:4326');
  return Object.assign((x: number, y: number) => converter.forward([x, y]) as [number, number], {
    label: `EPSG:${code}`,
    inMetres: proj4.defs(definition)?.units !== 'degrees',
  });
}

/** Distance in metres along the WGS84 ellipsoid (GeographicLib's geodesic, as GDAL measures). */
export function distanceMetres([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  return WGS84_ELLIPSOID.Inverse(lat1, lon1, lat2, lon2, geodesic.Geodesic.DISTANCE).s12 ?? 0;
}

// A CommonJS package: its named exports exist only on the default import under Node's ESM loader.
const WGS84_ELLIPSOID = geodesic.Geodesic.WGS84;
