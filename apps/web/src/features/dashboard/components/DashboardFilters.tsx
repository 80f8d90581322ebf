import { FileExcelOutlined, FilePdfOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { TDashboardExportType } from '@eusulan/shared';
import { Button, Checkbox, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { type LocationOption, loadLocations } from '../api.ts';
import { type Choice, isChosen, selectAllState, toggleAll, toggleOne } from '../filters.ts';
import { DASHBOARD_TEXTS } from '../texts.ts';
import './dashboard.css';

export interface CheckOption<T> {
  value: T;
  label: ReactNode;
}

/** A checkbox group with select-all (spec §2, §4); 'Harap Tunggu...' while its list loads. */
export function ChoiceGroup<T extends string | number>({
  title,
  options,
  choice,
  onChange,
  isLoading,
  testId,
}: {
  title: string;
  options: readonly CheckOption<T>[];
  choice: Choice<T>;
  onChange(choice: Choice<T>): void;
  isLoading: boolean;
  testId: string;
}) {
  const values = options.map((option) => option.value);
  const all = selectAllState(choice, values);
  return (
    <fieldset className="dashboard-filters__group" data-testid={testId}>
      <legend className="dashboard-filters__legend">{title}</legend>
      {isLoading ? (
        <span className="dashboard-filters__notice">
          <Spin size="small" /> {DASHBOARD_TEXTS.loading}
        </span>
      ) : options.length === 0 ? (
        <span className="dashboard-filters__notice">{DASHBOARD_TEXTS.empty}</span>
      ) : (
        <>
          <Checkbox
            checked={all.checked}
            indeterminate={all.indeterminate}
            onChange={() => onChange(toggleAll(choice, values))}
            data-testid={`${testId}-all`}
          >
            {DASHBOARD_TEXTS.selectAll}
          </Checkbox>
          <div className="dashboard-filters__options">
            {options.map((option) => (
              <Checkbox
                key={String(option.value)}
                checked={isChosen(choice, option.value)}
                onChange={() => onChange(toggleOne(choice, values, option.value))}
                data-testid={`${testId}-option`}
                data-value={option.value}
              >
                {option.label}
              </Checkbox>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}

export interface DashboardFiltersProps {
  isCollapsed: boolean;
  onToggleCollapsed(): void;
  proposalYears: { options: CheckOption<number>[]; isLoading: boolean; choice: Choice<number> };
  workYears: { options: CheckOption<number>[]; isLoading: boolean; choice: Choice<number> };
  workTypes: { options: CheckOption<number>[]; isLoading: boolean; choice: Choice<number> };
  locations: LocationOption[];
  onProposalYears(choice: Choice<number>): void;
  onWorkYears(choice: Choice<number>): void;
  onWorkTypes(choice: Choice<number>): void;
  onLocations(locations: LocationOption[]): void;
  exporting: TDashboardExportType | null;
  onExport(type: TDashboardExportType): void;
}

/** The collapsible left filter panel of the maps dashboard (spec §2). */
export function DashboardFilters(props: DashboardFiltersProps) {
  if (props.isCollapsed) {
    return (
      <aside className="dashboard-filters dashboard-filters--collapsed" data-testid="dashboard-filters">
        <Button
          icon={<MenuUnfoldOutlined />}
          onClick={props.onToggleCollapsed}
          aria-label={DASHBOARD_TEXTS.showFilters}
          title={DASHBOARD_TEXTS.showFilters}
          data-testid="filters-toggle"
        />
      </aside>
    );
  }
  return (
    <aside className="dashboard-filters" data-testid="dashboard-filters">
      <div className="dashboard-filters__header">
        <Typography.Title level={5} className="dashboard-filters__title">
          {DASHBOARD_TEXTS.filter}
        </Typography.Title>
        <Button
          type="text"
          icon={<MenuFoldOutlined />}
          onClick={props.onToggleCollapsed}
          aria-label={DASHBOARD_TEXTS.hideFilters}
          title={DASHBOARD_TEXTS.hideFilters}
          data-testid="filters-toggle"
        />
      </div>
      <div className="dashboard-filters__body">
        <section className="dashboard-filters__section">
          <Typography.Text strong className="dashboard-filters__heading">
            {DASHBOARD_TEXTS.proposals}
          </Typography.Text>
          <ChoiceGroup
            title={DASHBOARD_TEXTS.year}
            {...props.proposalYears}
            onChange={props.onProposalYears}
            testId="filter-proposal-year"
          />
        </section>
        <section className="dashboard-filters__section">
          <Typography.Text strong className="dashboard-filters__heading">
            {DASHBOARD_TEXTS.completedWorks}
          </Typography.Text>
          <fieldset className="dashboard-filters__group">
            <legend className="dashboard-filters__legend">{DASHBOARD_TEXTS.location}</legend>
            <RemoteSelect<LocationOption>
              mode="multiple"
              load={loadLocations}
              value={props.locations}
              onChange={props.onLocations}
              placeholder={DASHBOARD_TEXTS.searchLocation}
              ariaLabel={DASHBOARD_TEXTS.location}
              testId="filter-location"
            />
            <Button
              size="small"
              className="dashboard-filters__clear"
              onClick={() => props.onLocations([])}
              disabled={props.locations.length === 0}
              data-testid="filter-location-clear"
            >
              {DASHBOARD_TEXTS.clearSearch}
            </Button>
          </fieldset>
          <ChoiceGroup
            title={DASHBOARD_TEXTS.workType}
            {...props.workTypes}
            onChange={props.onWorkTypes}
            testId="filter-work-type"
          />
          <ChoiceGroup
            title={DASHBOARD_TEXTS.year}
            {...props.workYears}
            onChange={props.onWorkYears}
            testId="filter-work-year"
          />
        </section>
      </div>
      <div className="dashboard-filters__actions">
        <Button
          icon={<FilePdfOutlined />}
          loading={props.exporting === 'pdf'}
          disabled={props.exporting !== null}
          onClick={() => props.onExport('pdf')}
          data-testid="export-pdf"
        >
          {DASHBOARD_TEXTS.exportPdf}
        </Button>
        <Button
          type="primary"
          icon={<FileExcelOutlined />}
          loading={props.exporting === 'excel'}
          disabled={props.exporting !== null}
          onClick={() => props.onExport('excel')}
          data-testid="export-excel"
        >
          {DASHBOARD_TEXTS.exportExcel}
        </Button>
      </div>
    </aside>
  );
}
