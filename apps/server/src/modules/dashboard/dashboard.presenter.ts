import { DASHBOARD_DEFAULT_COLOR, HEX_COLOR_PATTERN, type TDashboardPlace } from '@eusulan/shared';
import type { LatLon } from '../../db/schema/index.ts';
import { drawableParts } from '../../lib/map-lines.ts';
import type { MapPictureLayer } from './dashboard.map-picture.ts';
import type { CompletedWorkFilter, LayerForm, ProposalFilter } from './dashboard.queries.ts';
import { hasBounds } from './dashboard.queries.ts';

/**
 * The proposal layer as JSON text: the spec form (TDashboardProposalItem[], the segments as the query made
 * them) or the encoded form (TDashboardEncodedProposalItem[], lines encoded at save). Each row's part is
 * already JSON, so the answer is joined, not serialised value by value.
 */
export function proposalLayerJson(rows: readonly { proposalId: number; lines: string }[], form: LayerForm) {
  const item =
    form === 'encoded'
      ? (row: (typeof rows)[number]) => `{"proposalId":${row.proposalId},"lines":${row.lines}}`
      : (row: (typeof rows)[number]) => `{"proposalId":${row.proposalId},"drawLine":{"lokasi":${row.lines}}}`;
  return `[${rows.map(item).join(',')}]`;
}

/** Spec §2: the work type's colour, red when the type has none usable. */
export const lineColor = (color: string | null) =>
  color && HEX_COLOR_PATTERN.test(color.trim()) ? color.trim() : DASHBOARD_DEFAULT_COLOR;

const pointsJson = (part: LatLon[]) =>
  `[${part.map(([latitude, longitude]) => `{"latitude":${latitude},"longitude":${longitude}}`).join(',')}]`;

/** A [lat, lon] pair as PostgreSQL prints jsonb (`[-7.25, 112.73]`). */
const STORED_POINT = /\[(-?[\d.eE+-]+), (-?[\d.eE+-]+)\]/g;

/**
 * A work's spec §3 fields after its colour: the first drawable part as `coordinate`, and every part in
 * `coordinateParts` only when there are several (a single part is not sent twice); null with none.
 * `allDrawable` rows (every imported work) are rewritten from the stored text by one regular expression,
 * several times faster than parsing and printing every point (a city's 100,000 works are ~3 M points).
 */
function workCoordinatesJson(coordinates: string, allDrawable: boolean): string | null {
  if (allDrawable) {
    const parts = coordinates.replace(STORED_POINT, '{"latitude":$1,"longitude":$2}');
    // Points hold no brackets now, so the first `]` ends the first part.
    const firstEnd = parts.indexOf(']');
    if (firstEnd < 0) return null;
    const first = parts.slice(1, firstEnd + 1);
    const isMultiPart = parts.indexOf('[', firstEnd) >= 0;
    return `"coordinate":${first}${isMultiPart ? `,"coordinateParts":${parts}` : ''}`;
  }
  const parts = drawableParts(JSON.parse(coordinates) as LatLon[][]);
  const [first] = parts;
  if (!first) return null;
  const all = parts.length > 1 ? `,"coordinateParts":[${parts.map(pointsJson).join(',')}]` : '';
  return `"coordinate":${pointsJson(first)}${all}`;
}

/**
 * The completed-work layer as JSON text: the spec form (TDashboardCompletedWorkItem[], points from the
 * stored parts) or the encoded form (TDashboardEncodedCompletedWorkItem[], lines encoded at import).
 */
export function completedWorkLayerJson(
  rows: readonly { id: number; color: string | null; lines: string; allDrawable?: boolean }[],
  form: LayerForm,
) {
  const colors = new Map<string | null, string>();
  const items: string[] = [];
  for (const row of rows) {
    let color = colors.get(row.color);
    if (color === undefined) {
      color = JSON.stringify(lineColor(row.color));
      colors.set(row.color, color);
    }
    if (form === 'encoded') {
      items.push(`{"idHash":"${row.id}","id":${row.id},"color":${color},"lines":${row.lines}}`);
      continue;
    }
    const coordinates = workCoordinatesJson(row.lines, row.allDrawable === true);
    if (coordinates) items.push(`{"idHash":"${row.id}","color":${color},${coordinates}}`);
  }
  return `[${items.join(',')}]`;
}

type Box = { minLat: number | null; minLon: number | null; maxLat: number | null; maxLon: number | null };
const boundsOf = (row: Box & { minLat: number; minLon: number; maxLat: number; maxLon: number }) =>
  [
    [row.minLat, row.minLon],
    [row.maxLat, row.maxLon],
  ] as TDashboardPlace['bounds'];

/** 'Cari Jalan...' answers: roads first, then completed-work locations, then proposals. */
export function presentPlaces(found: {
  roads: (Box & { id: number; name: string; proposals: number })[];
  works: (Box & { id: number; location: string; works: number })[];
  proposals: (Box & { id: number; proposerName: string; address: string; road: string | null })[];
}): TDashboardPlace[] {
  const places: TDashboardPlace[] = [];
  for (const road of found.roads.filter(hasBounds)) {
    places.push({
      kind: 'road',
      id: road.id,
      label: road.name,
      description: `Jalan · ${road.proposals} usulan`,
      bounds: boundsOf(road),
    });
  }
  for (const work of found.works.filter(hasBounds)) {
    places.push({
      kind: 'completed-work',
      id: work.id,
      label: work.location,
      description: `Pekerjaan Selesai · ${work.works} lokasi`,
      bounds: boundsOf(work),
    });
  }
  for (const proposal of found.proposals.filter(hasBounds)) {
    places.push({
      kind: 'proposal',
      id: proposal.id,
      label: proposal.road ? `${proposal.road} · ${proposal.proposerName}` : proposal.proposerName,
      description: `Usulan #${proposal.id} · ${proposal.address}`,
      bounds: boundsOf(proposal),
    });
  }
  return places;
}

const listText = (values: readonly (string | number)[] | undefined, all: string) =>
  values === undefined ? all : values.length ? values.join(', ') : 'Tidak ada yang dipilih';

/** The current filters in words, for the PDF. */
export function presentFilters(
  proposal: ProposalFilter,
  work: CompletedWorkFilter,
  typeWorkNames: string[],
): [string, string][] {
  return [
    ['Tahun Usulan Pekerjaan', listText(proposal.years, 'Semua Tahun')],
    ['Tahun Pekerjaan Selesai', listText(work.years, 'Semua Tahun')],
    ['Lokasi Pekerjaan Selesai', listText(work.locations, 'Semua Lokasi')],
    [
      'Jenis Pekerjaan',
      work.typeWorkIds === undefined ? 'Semua Jenis' : listText(typeWorkNames, 'Semua Jenis'),
    ],
  ];
}

/** The legend name of the proposals' lines on the map picture. */
export const PROPOSAL_LINES_LABEL = 'Usulan (garis hasil survey)';

/**
 * The export's map picture layers: one per work type in the filter (its name and colour, as /maps draws
 * it), then the proposals' lines in red on top, as on /maps.
 */
export function presentMapLayers(
  works: readonly { typeWork: string; color: string | null; lines: string[] | null }[],
  proposals: readonly { lines: string }[],
): MapPictureLayer[] {
  const byType = new Map<string, MapPictureLayer>();
  for (const work of works) {
    let layer = byType.get(work.typeWork);
    if (!layer) {
      layer = { label: work.typeWork, color: lineColor(work.color), lines: [] };
      byType.set(work.typeWork, layer);
    }
    layer.lines.push(...(work.lines ?? []));
  }
  const proposalLines = proposals.flatMap((row) => JSON.parse(row.lines) as string[]);
  const layers = [
    ...byType.values(),
    { label: PROPOSAL_LINES_LABEL, color: DASHBOARD_DEFAULT_COLOR, lines: proposalLines },
  ];
  return layers.filter((layer) => layer.lines.length);
}
