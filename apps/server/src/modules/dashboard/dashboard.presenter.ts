import {
  DASHBOARD_DEFAULT_COLOR,
  type TDashboardCompletedWorkItem,
  type TDashboardPlace,
  type TDashboardProposalItem,
} from '@eusulan/shared';
import type { LatLon, LineSegment } from '../../db/schema/index.ts';
import { encodeParts, encodePath, segmentsToPaths } from './dashboard.geometry.ts';
import type { CompletedWorkFilter, ProposalFilter } from './dashboard.queries.ts';
import { hasBounds } from './dashboard.queries.ts';

/** Survey roads (ordered by proposal) as one item per proposal; proposals with nothing drawable are left out. */
export function presentProposalLines(
  rows: readonly { proposalId: number; drawLine: LineSegment[] }[],
): TDashboardProposalItem[] {
  const items: TDashboardProposalItem[] = [];
  let current: TDashboardProposalItem | undefined;
  for (const row of rows) {
    if (current?.proposalId !== row.proposalId) {
      current = { proposalId: row.proposalId, lines: [] };
      items.push(current);
    }
    for (const path of segmentsToPaths(row.drawLine ?? [])) current.lines.push(encodePath(path));
  }
  return items.filter((item) => item.lines.length > 0);
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Spec §2: the work type's colour, red when the type has none usable. */
export function presentCompletedWorkLines(
  rows: readonly { id: number; color: string | null; coordinates: LatLon[][] }[],
): TDashboardCompletedWorkItem[] {
  const items: TDashboardCompletedWorkItem[] = [];
  for (const row of rows) {
    const lines = encodeParts(row.coordinates ?? []);
    if (!lines.length) continue;
    const color = row.color && HEX_COLOR.test(row.color.trim()) ? row.color.trim() : DASHBOARD_DEFAULT_COLOR;
    items.push({ idHash: String(row.id), id: row.id, color, lines });
  }
  return items;
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
