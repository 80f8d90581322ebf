import { SearchOutlined } from '@ant-design/icons';
import { PROPOSAL_TYPE_NAMES, PROPOSAL_TYPES, type TProposalRow, type TProposalType } from '@eusulan/shared';
import { Badge, Button, Checkbox, DatePicker, Empty, Input, Spin, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useCurrentRoute } from '../../app/current-route.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useNeedApproval } from '../../features/approval/api.ts';
import { useProfile } from '../../features/auth/profile-store.ts';
import { LazyProposalDetailDialog } from '../../features/proposal/components/LazyProposalDetailDialog.tsx';
import {
  useVerificationList,
  useVerifyProposals,
  type VerificationFilters,
} from '../../features/verification/api.ts';
import {
  type CheckedIds,
  chosenIds,
  isAllVisibleChecked,
  precheckedIds,
  toggleAllVisible,
  toggleOne,
  visibleRows,
} from '../../features/verification/selection.ts';
import { VERIFICATION_TEXTS as TEXTS } from '../../features/verification/texts.ts';
import { VerificationItem } from './components/VerificationItem.tsx';
import './verification.css';
import { useFeedback } from '../../lib/feedback.tsx';

/** Rows drawn at once; a consultant may have thousands waiting, and a phone should stay quick. */
const RENDER_STEP = 100;

const NO_ROWS: TProposalRow[] = [];

interface Selection {
  /** The list the ids were chosen on; a freshly loaded list starts again from the pre-check. */
  source: readonly TProposalRow[] | undefined;
  ids: CheckedIds;
}

/**
 * Perlu Verifikasi (/perlu-koreksi, consultan; spec §2, §4, DESIGN §4): the consultant's own unverified
 * proposals by type and year. Recently created ones start checked; Lanjutkan verifies every checked one.
 */
export function VerificationPage() {
  const route = useCurrentRoute();
  const { modal } = useFeedback();
  const profile = useProfile();
  const needApproval = useNeedApproval(profile.roleId, true);

  const [proposalType, setProposalType] = useState<TProposalType>('taruna');
  const [startYear, setStartYear] = useState<Dayjs | null>(null);
  const [endYear, setEndYear] = useState<Dayjs | null>(null);
  const [search, setSearch] = useState('');
  const [showUnchecked, setShowUnchecked] = useState(false);
  const [renderLimit, setRenderLimit] = useState(RENDER_STEP);
  const [detailId, setDetailId] = useState<number | null>(null);

  const filters = useMemo<VerificationFilters>(
    () => ({ proposalType, startYear: startYear?.year(), endYear: endYear?.year() }),
    [proposalType, startYear, endYear],
  );
  const list = useVerificationList(filters);
  const verify = useVerifyProposals();

  // Spec §8: a failed list is empty (the common handler has already spoken).
  const rows = list.isError ? NO_ROWS : (list.data ?? NO_ROWS);
  const prechecked = useMemo(() => precheckedIds(rows, list.dataUpdatedAt), [rows, list.dataUpdatedAt]);
  const [selection, setSelection] = useState<Selection>({ source: undefined, ids: new Set() });
  const checked = selection.source === rows ? selection.ids : prechecked;

  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(
    () => visibleRows(rows, checked, { showUnchecked, search: deferredSearch }),
    [rows, checked, showUnchecked, deferredSearch],
  );
  const isAllChecked = isAllVisibleChecked(visible, checked);
  const chosenCount = useMemo(() => chosenIds(rows, checked).length, [rows, checked]);

  // Functional, so the row callbacks stay stable and only the toggled row re-renders.
  const updateChecked = useCallback(
    (change: (current: CheckedIds) => CheckedIds) =>
      setSelection((current) => ({
        source: rows,
        ids: change(current.source === rows ? current.ids : prechecked),
      })),
    [rows, prechecked],
  );
  const toggleRow = useCallback(
    (id: number, isChecked: boolean) => updateChecked((current) => toggleOne(current, id, isChecked)),
    [updateChecked],
  );

  const changeFilter = (apply: () => void) => {
    apply();
    setRenderLimit(RENDER_STEP);
  };

  const proceed = () => {
    const ids = chosenIds(rows, checked);
    if (ids.length === 0) {
      modal.warning({ title: TEXTS.warningTitle, content: TEXTS.noneChosen, okText: TEXTS.okButton });
      return;
    }
    modal.confirm({
      title: TEXTS.confirmTitle,
      content: TEXTS.confirmContent,
      okText: TEXTS.confirmOk,
      cancelText: TEXTS.cancel,
      wrapProps: { 'data-testid': 'verification-confirm' },
      onOk: async () => {
        try {
          await verify.mutateAsync(ids);
        } catch {
          // The common handler (mutation cache) explains; the dialog and its loader close.
          return;
        }
        modal.success({ title: TEXTS.successTitle, content: TEXTS.verified, okText: TEXTS.okButton });
      },
    });
  };

  const isFirstLoad = list.isPending && list.fetchStatus !== 'idle';
  const shown = visible.slice(0, renderLimit);

  return (
    <section className="screen verification-screen" data-screen={route?.name} data-testid="verification">
      <PageHeading title={route?.title ?? ''} />
      <div className="screen__panel verification-screen__panel">
        <Tabs
          activeKey={proposalType}
          onChange={(key) => changeFilter(() => setProposalType(key as TProposalType))}
          items={PROPOSAL_TYPES.map((type) => ({
            key: type,
            label: (
              <Badge
                dot={Boolean(needApproval.data?.[type])}
                offset={[6, 0]}
                data-testid={`type-dot-${type}`}
              >
                {PROPOSAL_TYPE_NAMES[type]}
              </Badge>
            ),
          }))}
          className="verification-screen__tabs"
          data-testid="proposal-type-tabs"
        />
        <div className="verification-screen__filters">
          <div className="verification-screen__years">
            <span>{TEXTS.yearLabel}</span>
            <DatePicker
              picker="year"
              placeholder={TEXTS.allYears}
              value={startYear}
              onChange={(value) => changeFilter(() => setStartYear(value))}
              disabledDate={(year) => Boolean(endYear && year.year() > endYear.year())}
              aria-label="Tahun awal"
              data-testid="filter-start-year"
            />
            <span>{TEXTS.yearSeparator}</span>
            <DatePicker
              picker="year"
              placeholder={TEXTS.allYears}
              value={endYear}
              onChange={(value) => changeFilter(() => setEndYear(value))}
              disabledDate={(year) => Boolean(startYear && year.year() < startYear.year())}
              aria-label="Tahun akhir"
              data-testid="filter-end-year"
            />
          </div>
          <Input
            allowClear
            placeholder={TEXTS.search}
            prefix={<SearchOutlined />}
            value={search}
            onChange={(event) => changeFilter(() => setSearch(event.target.value))}
            className="verification-screen__search"
            aria-label={TEXTS.search}
            data-testid="verification-search"
          />
        </div>
        <div className="verification-screen__options">
          <Checkbox
            checked={isAllChecked}
            disabled={visible.length === 0}
            onChange={() => updateChecked((current) => toggleAllVisible(current, visible))}
            data-testid="select-all"
          >
            {TEXTS.selectAll}
            {visible.length > 0 ? ` (${visible.length})` : ''}
          </Checkbox>
          <Checkbox
            checked={showUnchecked}
            onChange={(event) => changeFilter(() => setShowUnchecked(event.target.checked))}
            data-testid="show-unchecked"
          >
            {TEXTS.showUnchecked}
          </Checkbox>
        </div>

        <Spin spinning={list.isFetching && !isFirstLoad}>
          {isFirstLoad ? (
            <div className="verification-screen__loading">
              <Spin />
            </div>
          ) : visible.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={TEXTS.empty}
              className="verification-screen__empty"
              data-testid="verification-empty"
            />
          ) : (
            <div className="verification-list">
              <div className="verification-list__head" aria-hidden="true">
                <span />
                <span>Tanggal</span>
                <span>Pengusul &amp; No HP</span>
                <span>Jalan &amp; RT/RW</span>
                <span>Kelurahan - Kecamatan</span>
                <span className="verification-list__head-action">Aksi</span>
              </div>
              <ul className="verification-list__items" data-testid="verification-list">
                {shown.map((row) => (
                  <VerificationItem
                    key={row.id}
                    row={row}
                    isChecked={checked.has(row.id)}
                    onToggle={toggleRow}
                    onDetail={setDetailId}
                  />
                ))}
              </ul>
              {visible.length > shown.length ? (
                <Button
                  block
                  type="dashed"
                  className="verification-list__more"
                  onClick={() => setRenderLimit((limit) => limit + RENDER_STEP)}
                  data-testid="show-more"
                >
                  {TEXTS.showMore} ({visible.length - shown.length})
                </Button>
              ) : null}
            </div>
          )}
        </Spin>

        <div className="verification-screen__actions">
          <span className="verification-screen__count" data-testid="chosen-count">
            {TEXTS.chosenCount(chosenCount)}
          </span>
          <Button type="primary" onClick={proceed} loading={verify.isPending} data-testid="proceed">
            {TEXTS.proceed}
          </Button>
        </div>
      </div>
      <LazyProposalDetailDialog proposalId={detailId} onClose={() => setDetailId(null)} />
    </section>
  );
}
