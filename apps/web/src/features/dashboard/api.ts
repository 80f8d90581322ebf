import {
  DASHBOARD_ENCODED_FORMAT,
  DASHBOARD_EXPORT_FILE_NAMES,
  type TDashboardExportType,
  type TDashboardPlace,
} from '@eusulan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OptionQuery } from '../../components/use-remote-options.ts';
import { requestFile, saveFile } from '../../lib/download.ts';
import { API_PREFIX, http } from '../../lib/http.ts';
import { ensureScreenData } from '../../lib/query-client.ts';
import { type Choice, choiceParam, dashboardQuery } from './filters.ts';
import { loadLayerLines } from './layer-loader.ts';

export const DASHBOARD_PATH = `${API_PREFIX.web}/dashboard`;

/** The filter panel's state: checkbox groups as choices (null = all), locations as lokasi names. */
export interface DashboardFilters {
  proposalYears: Choice<number>;
  workYears: Choice<number>;
  workTypes: Choice<number>;
  /** Empty: every location (a search-select narrows, it does not hide everything when cleared). */
  locations: readonly string[];
}

export const INITIAL_FILTERS: DashboardFilters = {
  proposalYears: null,
  workYears: null,
  workTypes: null,
  locations: [],
};

/**
 * The map asks both layers for their compact form (encoded polylines, decoded in a worker); without
 * `format=encoded` the server answers the spec's §3 shapes, several times larger.
 */
export const proposalLayerQuery = (filters: DashboardFilters) =>
  dashboardQuery({ year: choiceParam(filters.proposalYears), format: DASHBOARD_ENCODED_FORMAT });

export const workLayerQuery = (filters: DashboardFilters) =>
  dashboardQuery({
    year: choiceParam(filters.workYears),
    location: filters.locations.length ? filters.locations : undefined,
    type_work: choiceParam(filters.workTypes),
    format: DASHBOARD_ENCODED_FORMAT,
  });

/** GET dashboard/export with the page's four filters (spec §7 names). */
export const exportQuery = (type: TDashboardExportType, filters: DashboardFilters) =>
  dashboardQuery({
    type,
    proposal_year: choiceParam(filters.proposalYears),
    completed_work_year: choiceParam(filters.workYears),
    completed_work_location: filters.locations.length ? filters.locations : undefined,
    completed_work_type_work: choiceParam(filters.workTypes),
  });

export const dashboardKeys = {
  all: ['dashboard'] as const,
  proposals: (query: string) => ['dashboard', 'proposals', query] as const,
  works: (query: string) => ['dashboard', 'completed-works', query] as const,
  options: (name: string) => ['dashboard', 'options', name] as const,
  places: (search: string) => ['dashboard', 'places', search] as const,
};

/** Spec §8: map failures are logged only (no dialog). */
async function logged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error('Peta: data garis gagal dimuat', error);
    throw error;
  }
}

/**
 * The proposal layer as drawable lines, parsed and decoded in a worker (layer-loader.ts). The server
 * answers 304 to the browser's revalidation (ETag), so a reload of an unchanged layer costs a round trip,
 * not the lines. The typed arrays are kept as they are (no structural sharing: nothing to compare).
 */
export function useDashboardProposals(filters: DashboardFilters) {
  const query = proposalLayerQuery(filters);
  return useQuery({
    queryKey: dashboardKeys.proposals(query),
    queryFn: ({ signal }) => logged(() => loadLayerLines('proposal', `${DASHBOARD_PATH}${query}`, signal)),
    placeholderData: keepPreviousData,
    structuralSharing: false,
    meta: { handlesOwnErrors: true },
  });
}

export function useDashboardCompletedWorks(filters: DashboardFilters) {
  const query = workLayerQuery(filters);
  return useQuery({
    queryKey: dashboardKeys.works(query),
    queryFn: ({ signal }) =>
      logged(() => loadLayerLines('work', `${DASHBOARD_PATH}/completed-work${query}`, signal)),
    placeholderData: keepPreviousData,
    structuralSharing: false,
    meta: { handlesOwnErrors: true },
  });
}

/** The checkbox lists are short; 100 (the select-list maximum) holds every year and type. */
const OPTION_LIMIT = 100;

const optionsQuery = <T>(path: string) => ({
  queryKey: dashboardKeys.options(path),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await http.get<T[]>(`${API_PREFIX.global}/select-list/${path}`, { limit: OPTION_LIMIT }, { signal }))
      .data ?? [],
  staleTime: 60_000,
});

const PROPOSAL_YEARS = optionsQuery<{ year: number }>('year-proposal');
const WORK_YEARS = optionsQuery<{ year: number }>('year-completed-work');
const WORK_TYPES = optionsQuery<{ id: number; idHash: string; typeWork: string; color: string }>(
  'type-work-color',
);

export const useProposalYears = () => useQuery(PROPOSAL_YEARS);
export const useCompletedWorkYears = () => useQuery(WORK_YEARS);
export const useTypeWorkColors = () => useQuery(WORK_TYPES);

/** The filter lists in the cache before the screen renders (the /maps route loader). */
export const ensureDashboardOptions = () =>
  Promise.all([ensureScreenData(PROPOSAL_YEARS), ensureScreenData(WORK_YEARS), ensureScreenData(WORK_TYPES)]);

/** A lokasi option of the location select: the select-list answers names, so the name is the id. */
export interface LocationOption {
  id: string;
  name: string;
}

/** GET select-list/location with search and limit (spec §7), for RemoteSelect. */
export const loadLocations = async (query: OptionQuery, signal: AbortSignal): Promise<LocationOption[]> =>
  (
    (
      await http.get<{ lokasi: string }[]>(
        `${API_PREFIX.global}/select-list/location`,
        { ...query },
        { signal },
      )
    ).data ?? []
  ).map((row) => ({ id: row.lokasi, name: row.lokasi }));

/** 'Cari Jalan...': roads, completed-work locations and proposals of our own data. */
export function useDashboardPlaces(search: string) {
  return useQuery({
    queryKey: dashboardKeys.places(search),
    queryFn: async ({ signal }) =>
      (await http.get<TDashboardPlace[]>(`${DASHBOARD_PATH}/search`, { search, limit: 15 }, { signal }))
        .data ?? [],
    enabled: search.trim().length > 0,
    staleTime: 30_000,
  });
}

/** Downloads the export under the spec's name ('Export Dashboard.pdf' / '.xlsx'). */
export async function downloadDashboardExport(type: TDashboardExportType, filters: DashboardFilters) {
  const answer = await requestFile('GET', `${DASHBOARD_PATH}/export${exportQuery(type, filters)}`);
  return saveFile(answer, DASHBOARD_EXPORT_FILE_NAMES[type]);
}
