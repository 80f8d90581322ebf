import type { TDashboardExportType } from '@eusulan/shared';
import { Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import {
  downloadDashboardExport,
  ensureDashboardOptions,
  type DashboardFilters as Filters,
  INITIAL_FILTERS,
  type LocationOption,
  useCompletedWorkYears,
  useDashboardCompletedWorks,
  useDashboardProposals,
  useProposalYears,
  useTypeWorkColors,
} from '../../features/dashboard/api.ts';
import { DashboardFilters } from '../../features/dashboard/components/DashboardFilters.tsx';
import type { Bounds } from '../../features/dashboard/components/DashboardMap.tsx';
import { LazyDashboardMap } from '../../features/dashboard/components/LazyDashboardMap.tsx';
import { PlaceSearch } from '../../features/dashboard/components/PlaceSearch.tsx';
import { DASHBOARD_TEXTS } from '../../features/dashboard/texts.ts';
import { handleApiError } from '../../lib/errors.ts';
import './maps-page.css';

// The two detail dialogs (forms, uploads, tabs, maps) load when a line is first clicked, so the page and
// its layer calls start sooner.
const ProposalDetailDialog = lazy(async () => ({
  default: (await import('../../features/proposal/components/ProposalDetailDialog.tsx')).ProposalDetailDialog,
}));
const CompletedWorkModal = lazy(async () => ({
  default: (await import('../../features/completed-work/components/CompletedWorkModal.tsx'))
    .CompletedWorkModal,
}));

/** The route's loader: the filter lists, in the cache when the page first renders (no list loader shows). */
export const loadFilterLists = ensureDashboardOptions;

const isNarrow = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches;

/**
 * /maps (spec §2 Maps dashboard): the filter panel beside the satellite map. The shell's layout makes the
 * two variants: a side menu for admin and umum, the top bar (no sidebar) for structural.
 */
export function MapsPage() {
  const [filters, setFilters] = useState<Filters>(INITIAL_FILTERS);
  const [locations, setLocations] = useState<LocationOption[]>([]);
  const [isCollapsed, setIsCollapsed] = useState(isNarrow);
  const [focus, setFocus] = useState<Bounds | null>(null);
  const [proposalId, setProposalId] = useState<number | null>(null);
  const [workId, setWorkId] = useState<number | null>(null);
  const [exporting, setExporting] = useState<TDashboardExportType | null>(null);
  const [proposalOpened, setProposalOpened] = useState(false);
  const [workOpened, setWorkOpened] = useState(false);

  const proposalYears = useProposalYears();
  const workYears = useCompletedWorkYears();
  const workTypes = useTypeWorkColors();
  const proposals = useDashboardProposals(filters);
  const works = useDashboardCompletedWorks(filters);

  // Spec §4: a page loader until the filter lists have answered (or failed), then per-list loading.
  const listsPending = proposalYears.isPending && workYears.isPending && workTypes.isPending;
  if (listsPending) return <FullPageLoader tip={DASHBOARD_TEXTS.pageLoading} />;

  const update = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const yearOptions = (rows: { year: number }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row.year, label: String(row.year) }));

  const exportFile = async (type: TDashboardExportType) => {
    setExporting(type);
    try {
      await downloadDashboardExport(type, filters);
    } catch (error) {
      handleApiError(error);
    } finally {
      setExporting(null);
    }
  };

  const isDrawing = proposals.isFetching || works.isFetching;
  return (
    <div className={`maps-page${isCollapsed ? ' maps-page--collapsed' : ''}`} data-testid="maps-page">
      <DashboardFilters
        isCollapsed={isCollapsed}
        onToggleCollapsed={() => setIsCollapsed((value) => !value)}
        proposalYears={{
          options: yearOptions(proposalYears.data),
          isLoading: proposalYears.isPending,
          choice: filters.proposalYears,
        }}
        workYears={{
          options: yearOptions(workYears.data),
          isLoading: workYears.isPending,
          choice: filters.workYears,
        }}
        workTypes={{
          options: (workTypes.data ?? []).map((type) => ({
            value: type.id,
            label: (
              <span className="dashboard-filters__type">
                <span className="dashboard-filters__swatch" style={{ background: type.color || '#ff0000' }} />
                {type.typeWork}
              </span>
            ),
          })),
          isLoading: workTypes.isPending,
          choice: filters.workTypes,
        }}
        locations={locations}
        onProposalYears={(choice) => update({ proposalYears: choice })}
        onWorkYears={(choice) => update({ workYears: choice })}
        onWorkTypes={(choice) => update({ workTypes: choice })}
        onLocations={(chosen) => {
          setLocations(chosen);
          update({ locations: chosen.map((option) => option.name) });
        }}
        exporting={exporting}
        onExport={exportFile}
      />
      <div className="maps-page__map">
        <div className="maps-page__search">
          <PlaceSearch onPick={(place) => setFocus(place.bounds)} />
        </div>
        {isDrawing ? (
          <div className="maps-page__loading" data-testid="maps-loading">
            <Spin size="small" /> {DASHBOARD_TEXTS.loadingLines}
          </div>
        ) : null}
        <LazyDashboardMap
          proposals={proposals.data}
          works={works.data}
          isReady={!proposals.isPending && !works.isPending && !isDrawing}
          focus={focus}
          onProposalClick={(id) => {
            setProposalOpened(true);
            setProposalId(id);
          }}
          onWorkClick={(id) => {
            setWorkOpened(true);
            setWorkId(id);
          }}
        />
      </div>
      {/* Kept mounted once opened, so closing still animates. */}
      {proposalOpened ? (
        <Suspense fallback={null}>
          <ProposalDetailDialog proposalId={proposalId} onClose={() => setProposalId(null)} />
        </Suspense>
      ) : null}
      {workOpened ? (
        <Suspense fallback={null}>
          <CompletedWorkModal workId={workId} onClose={() => setWorkId(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
