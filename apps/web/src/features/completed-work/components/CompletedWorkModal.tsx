import { EnvironmentOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatRupiah, type TCompletedWorkDetail } from '@eusulan/shared';
import { Alert, Button, Descriptions, type DescriptionsProps, Modal, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { LazyLinesMap } from '../../../components/map/LazyLinesMap.tsx';
import type { MapLine } from '../../../components/map/LinesMap.tsx';
import { useCompletedWork } from '../api.ts';
import {
  drawableParts,
  formatMetres,
  googleMapsPlaceUrl,
  hasNominal,
  type LatLngTuple,
  lineColorOf,
  midpointOf,
} from '../completed-work.ts';
import { COMPLETED_WORK_FIELDS, COMPLETED_WORK_TEXTS } from '../texts.ts';
import './completed-work.css';

const MAP_HEIGHT = 280;

function fieldItems(detail: TCompletedWorkDetail): DescriptionsProps['items'] {
  const field = (key: keyof typeof COMPLETED_WORK_FIELDS, value: string | number) => ({
    key,
    label: COMPLETED_WORK_FIELDS[key],
    children: <span data-testid={`work-field-${key}`}>{value === '' ? '-' : value}</span>,
  });
  const items = [
    field('nama', detail.nama),
    field('tahun', detail.tahun),
    field('lokasi', detail.lokasi),
    field('jenisPekerjaan', detail.jenisPekerjaan),
    field('panjangLokasi', formatMetres(detail.panjangLokasi)),
    field('panjang', formatMetres(detail.panjang)),
  ];
  if (hasNominal(detail)) {
    items.push(
      field('nilaiLokasi', formatRupiah(detail.nilaiLokasi)),
      field('nilaiPaket', formatRupiah(detail.nilaiPaket)),
    );
  }
  return items;
}

function MapPanel({ title, lines, testId }: { title: string; lines: MapLine[]; testId: string }) {
  return (
    <figure className="completed-work__map">
      <figcaption className="completed-work__caption">{title}</figcaption>
      {lines.length > 0 ? (
        <LazyLinesMap lines={lines} height={MAP_HEIGHT} testId={testId} />
      ) : (
        <div
          className="completed-work__no-map"
          style={{ height: MAP_HEIGHT }}
          data-testid={`${testId}-empty`}
        >
          {COMPLETED_WORK_TEXTS.noCoordinates}
        </div>
      )}
    </figure>
  );
}

/**
 * DESIGN §4: with a Google Maps key street view would be embedded here (50 m radius); the app has no such
 * key, so the modal says street view is not available and links the place in Google Maps instead.
 */
function StreetViewPanel({ point }: { point: LatLngTuple | null }) {
  return (
    <section className="completed-work__street-view" data-testid="street-view">
      <Typography.Text strong className="completed-work__caption">
        {COMPLETED_WORK_TEXTS.streetView}
      </Typography.Text>
      <div className="completed-work__street-view-body">
        <span>{COMPLETED_WORK_TEXTS.noStreetView}</span>
        {point ? (
          <a
            href={googleMapsPlaceUrl(point)}
            target="_blank"
            rel="noopener noreferrer"
            className="completed-work__maps-link"
            data-testid="google-maps-link"
          >
            <EnvironmentOutlined /> {COMPLETED_WORK_TEXTS.openInGoogleMaps}
          </a>
        ) : null}
      </div>
    </section>
  );
}

function WorkDetail({ detail }: { detail: TCompletedWorkDetail }) {
  const { workLines, packageLines, point } = useMemo(() => {
    const color = lineColorOf(detail.color);
    // Every part of a multi-part work; a server that sends only the spec's one list gives that list.
    const own = drawableParts(detail.coordinateParts ?? [detail.coordinate]);
    const all = drawableParts(detail.coodinatePerkerjaan);
    return {
      workLines: own.map((positions) => ({ positions, color })),
      packageLines: all.map((positions) => ({ positions, color })),
      point: midpointOf(own.length > 0 ? own : all),
    };
  }, [detail]);
  const hasLines = workLines.length > 0 || packageLines.length > 0;

  return (
    <div className="completed-work" data-testid="completed-work-detail">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={fieldItems(detail)}
        className="completed-work__fields"
      />
      {hasLines ? (
        <div className="completed-work__maps">
          <MapPanel title={COMPLETED_WORK_TEXTS.workMap} lines={workLines} testId="work-map" />
          <MapPanel title={COMPLETED_WORK_TEXTS.packageMap} lines={packageLines} testId="package-map" />
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          className="completed-work__no-coordinates"
          title={COMPLETED_WORK_TEXTS.noCoordinates}
          data-testid="no-coordinates"
        />
      )}
      <StreetViewPanel point={point} />
    </div>
  );
}

interface CompletedWorkModalProps {
  /** The work to show (GET completed-work-detail/{id}/detail); null keeps the modal closed. */
  workId: number | null;
  onClose(): void;
}

/**
 * One completed work (spec §2 Pekerjaan Selesai detail and the maps dashboard): its fields, the nominal
 * values in Rupiah when the server sends them (never to umum), the work's lines and the whole package's
 * lines in the type's colour, street view (DESIGN §4), Tutup and Cetak (prints the modal only).
 * Self-contained: the maps dashboard opens it with a work id as well.
 */
export function CompletedWorkModal({ workId, onClose }: CompletedWorkModalProps) {
  const work = useCompletedWork(workId);
  const body = () => {
    if (work.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (work.isError || !work.data)
      return <Alert type="error" showIcon title={COMPLETED_WORK_TEXTS.loadFailed} />;
    return <WorkDetail detail={work.data} />;
  };
  return (
    <Modal
      open={workId !== null}
      title={COMPLETED_WORK_TEXTS.modalTitle}
      width={980}
      onCancel={onClose}
      destroyOnHidden
      rootClassName="completed-work-modal"
      wrapProps={{ 'data-testid': 'completed-work-modal' }}
      footer={[
        <Button key="close" onClick={onClose} data-testid="work-close">
          {COMPLETED_WORK_TEXTS.close}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!work.data}
          onClick={() => window.print()}
          data-testid="work-print"
        >
          {COMPLETED_WORK_TEXTS.print}
        </Button>,
      ]}
    >
      {body()}
    </Modal>
  );
}
