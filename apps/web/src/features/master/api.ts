import { ifMatchHeader } from '@eusulan/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQuery, type TableState } from '../../components/data-table/table-state.ts';
import { API_PREFIX, http, type Query } from '../../lib/http.ts';

/**
 * How one master entity talks to the server (spec §7). The entities differ in their list shape
 * (data + meta.total or data.data + data.total), their status call and, for users, the page size name.
 */
export interface MasterResource {
  key: string;
  path: string;
  listShape: 'meta' | 'nested';
  statusAction: 'switch-status' | 'change-status' | null;
  pageSizeParam: 'limit' | 'perPage';
}

const resource = (
  key: string,
  listShape: MasterResource['listShape'],
  statusAction: MasterResource['statusAction'],
  pageSizeParam: MasterResource['pageSizeParam'] = 'limit',
): MasterResource => ({
  key,
  path: `${API_PREFIX.web}/master/${key}`,
  listShape,
  statusAction,
  pageSizeParam,
});

export const MASTER_RESOURCES = {
  road: resource('road', 'meta', 'switch-status'),
  roadType: resource('road-type', 'meta', 'switch-status'),
  photoCategory: resource('photo-category', 'meta', 'switch-status'),
  asbSurveyor: resource('asb-surveyor', 'meta', 'switch-status'),
  workNote: resource('work-note', 'meta', 'switch-status'),
  subdistrict: resource('subdistrict', 'nested', 'change-status'),
  village: resource('village', 'nested', 'change-status'),
  consultant: resource('consultant', 'nested', 'change-status'),
  user: resource('user', 'nested', 'change-status', 'perPage'),
  typeWorkColor: resource('type-work-color', 'nested', null),
} as const satisfies Record<string, MasterResource>;

export interface MasterList<TRow> {
  rows: TRow[];
  total: number;
  /** The user list also names the default password a reset sets (the {key} of spec §8). */
  defaultPassword?: string;
}

type NestedList<TRow> = { data: TRow[]; total: number; defaultPassword?: string };

export async function fetchMasterList<TRow>(
  master: MasterResource,
  state: TableState,
  signal?: AbortSignal,
): Promise<MasterList<TRow>> {
  const query = listQuery(state, master.pageSizeParam);
  if (master.listShape === 'meta') {
    const body = await http.get<TRow[], { total: number }>(master.path, query, { signal });
    return { rows: body.data ?? [], total: body.meta?.total ?? 0 };
  }
  const body = await http.get<NestedList<TRow>>(master.path, query, { signal });
  return {
    rows: body.data?.data ?? [],
    total: body.data?.total ?? 0,
    defaultPassword: body.data?.defaultPassword,
  };
}

export const masterKeys = {
  all: ['master'] as const,
  entity: (master: MasterResource) => ['master', master.key] as const,
  list: (master: MasterResource, state: TableState) => ['master', master.key, 'list', state] as const,
};

/** One page of a master list; the previous page stays on screen while the next one loads. */
export function useMasterList<TRow>(master: MasterResource, state: TableState) {
  return useQuery({
    queryKey: masterKeys.list(master, state),
    queryFn: ({ signal }) => fetchMasterList<TRow>(master, state, signal),
    placeholderData: keepPreviousData,
  });
}

export const fetchMasterRecord = async <TRow>(master: MasterResource, id: number) =>
  (await http.get<TRow>(`${master.path}/${id}`)).data;

/**
 * Create (POST) without an id, update (PUT) with one and the version the form loaded (If-Match, so a copy
 * someone else saved meanwhile is refused); either way the entity's lists reload.
 */
export function useSaveMaster<TRow>(master: MasterResource) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { offersReload: true },
    mutationFn: async ({
      id,
      payload,
      version,
    }: {
      id?: number;
      payload: unknown;
      version?: string | null;
    }) =>
      (id
        ? await http.put<TRow>(`${master.path}/${id}`, payload, { headers: ifMatchHeader(version) })
        : await http.post<TRow>(master.path, payload)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.entity(master) }),
  });
}

/**
 * The status switch (spec §4): switch-status or change-status per entity, saying which status the row showed
 * (fromActive), so a switch someone else already flipped is refused rather than flipped back. The table
 * reloads either way, so a refused toggle (the common handler explains why) shows the current status.
 */
export function useToggleMasterStatus<TRow>(master: MasterResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: number; isActive: boolean }) =>
      (
        await http.put<TRow>(`${master.path}/${id}/${master.statusAction ?? 'switch-status'}`, undefined, {
          query: { fromActive: isActive },
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: masterKeys.entity(master) }),
  });
}

export function useDeleteMaster(master: MasterResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.del<null>(`${master.path}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.entity(master) }),
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: async (id: number) => {
      await http.put<null>(`${MASTER_RESOURCES.user.path}/${id}/reset-password`);
    },
  });
}

/** GET /api/select-list/{name} (spec §7): an array of options; the selects send search and limit. */
export const fetchSelectList = async <TOption>(name: string, query: Query, signal?: AbortSignal) =>
  (await http.get<TOption[]>(`${API_PREFIX.global}/select-list/${name}`, query, { signal })).data ?? [];
