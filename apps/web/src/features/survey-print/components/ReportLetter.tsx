import type { TAppInfo, TProposalDetail, TSurvey } from '@eusulan/shared';
import { Fragment } from 'react';
import { SafeHtml } from '../../../components/rich-text/SafeHtml.tsx';
import type { TPhotoSection } from '../photo-pages.ts';
import {
  conditionFields,
  costEstimate,
  existingSizes,
  indonesianDate,
  letterFields,
  mapBlockId,
  roadTitle,
  surveyDateOf,
  type TReportField,
} from '../report-model.ts';
import { REPORT_TEXTS } from '../texts.ts';
import { ReportBlock, type TReportBlocks } from './ReportBlock.tsx';

/** 'Label : value' lines, aligned as in an official letter. */
function FieldTable({ fields, testId }: { fields: readonly TReportField[]; testId: string }) {
  return (
    <table className="report-fields" data-testid={testId}>
      <tbody>
        {fields.map((field) => (
          <tr key={field.label}>
            <td className="is-label">{field.label}</td>
            <td className="is-colon">:</td>
            <td>{field.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rich text, '-' when empty. */
function SanitisedHtml({ html, testId }: { html: string; testId: string }) {
  if (!html.trim()) return <p data-testid={testId}>-</p>;
  return <SafeHtml html={html} className="report-rich" testId={testId} />;
}

/** Estimasi Biaya (spec §9): per road the items as length × width × unit price = cost, then the totals. */
function CostEstimate({ survey }: { survey: TSurvey }) {
  const estimate = costEstimate(survey);
  // Spec §6: umum receives no prices; the section is left out as in the detail dialog.
  if (!estimate) return null;
  return (
    <>
      <h2>D. Estimasi Biaya</h2>
      {estimate.roads.map((road) => (
        <table key={road.key} className="report-cost" data-testid="report-cost-road">
          <thead>
            <tr>
              <th colSpan={5}>{road.title}</th>
            </tr>
            <tr>
              <th>Item Pekerjaan</th>
              <th className="is-number">Panjang (m)</th>
              <th className="is-number">Lebar (m)</th>
              <th className="is-number">Harga Satuan</th>
              <th className="is-number">Biaya (P × L × Harga)</th>
            </tr>
          </thead>
          <tbody>
            {road.rows.map((row) => (
              <tr key={row.key}>
                <td>{row.name}</td>
                <td className="is-number">{row.long}</td>
                <td className="is-number">{row.wide}</td>
                <td className="is-number">{row.price}</td>
                <td className="is-number">{row.cost}</td>
              </tr>
            ))}
            {/* In the body, not a tfoot: a footer group would be repeated on every page the table spans. */}
            <tr>
              <th colSpan={4}>Subtotal {road.title}</th>
              <th className="is-number" data-testid="report-cost-subtotal">
                {road.subtotal}
              </th>
            </tr>
          </tbody>
        </table>
      ))}
      <table className="report-cost" data-testid="report-cost-total">
        <tbody>
          <tr>
            <th>Total Estimasi Biaya</th>
            <th className="is-number">{estimate.total}</th>
          </tr>
        </tbody>
      </table>
    </>
  );
}

/** 'Mengetahui' (the Sub Koordinator) and 'Yang Melaporkan' (the surveyor), side by side. */
function Signatures({
  appInfo,
  surveyorName,
  dateLine,
}: {
  appInfo: TAppInfo;
  surveyorName: string;
  dateLine: string;
}) {
  const { signerTitle, signerName, signerNip, reporterTitle } = appInfo.report;
  return (
    <table className="report-signatures" data-testid="report-signatures">
      <tbody>
        <tr>
          <td>
            <p />
            <p>Mengetahui,</p>
            <p>{signerTitle}</p>
            <p />
            <p />
            <p />
            <p>
              <strong>
                <u>{signerName || '(.......................................)'}</u>
              </strong>
            </p>
            <p>NIP. {signerNip || '.......................................'}</p>
          </td>
          <td>
            <p>{dateLine}</p>
            <p>Yang Melaporkan,</p>
            <p>{reporterTitle}</p>
            <p />
            <p />
            <p />
            <p>
              <strong>
                <u>{surveyorName}</u>
              </strong>
            </p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export interface ReportLetterProps {
  detail: TProposalDetail;
  survey: TSurvey;
  appInfo: TAppInfo;
  blocks: TReportBlocks;
  photoSections: readonly TPhotoSection[];
}

/** The place and date of the letter: 'Surabaya, 23 November 2026', the survey's day. */
export const letterDateLine = (appInfo: TAppInfo, survey: TSurvey) =>
  `${appInfo.report.place}, ${indonesianDate(surveyDateOf(survey))}`;

/** To whom the letter goes (spec §2: the Head of the Road and Bridge Division), as a letter addresses it. */
export const addresseeLines = (appInfo: TAppInfo) => [
  'Kepada',
  `Yth. ${appInfo.report.addressee}`,
  `${appInfo.agencyName} ${appInfo.cityName}`,
  `di ${appInfo.report.place}`,
];

/**
 * The report as first drawn (spec §2), as an official letter: letterhead, Nomor/Sifat/Lampiran/Perihal
 * beside the date and addressee, title, opening fields, identification per road with its map, damage identification,
 * suggestions, cost estimate, signatures, then the attachments. Plain paragraphs, headings and tables, so
 * the editor can take it over as it is; the parts drawn from data are fixed blocks.
 */
export function ReportLetter({ detail, survey, appInfo, blocks, photoSections }: ReportLetterProps) {
  return (
    <>
      <ReportBlock id="letterhead" blocks={blocks} />
      <ReportBlock id="letter-lines" blocks={blocks} />
      <h1>{REPORT_TEXTS.title}</h1>
      <p>
        Dengan hormat,
        <br />
        Bersama ini kami sampaikan laporan hasil survey lapangan atas usulan sebagai berikut:
      </p>
      <FieldTable fields={letterFields(detail, survey)} testId="report-letter-fields" />

      <h2>A. Identifikasi Lapangan</h2>
      {survey.surveyRoad.map((road, index) => (
        <Fragment key={road.id}>
          <h3>{roadTitle(index)}</h3>
          <ReportBlock id={mapBlockId(road)} blocks={blocks} />
          <table className="report-items" data-testid="report-road-items">
            <thead>
              <tr>
                <th>Item Pekerjaan</th>
                <th className="is-number">Panjang Eksisting (m)</th>
                <th className="is-number">Lebar Eksisting (m)</th>
              </tr>
            </thead>
            <tbody>
              {existingSizes(road).map((row) => (
                <tr key={row.key}>
                  <td>{row.name}</td>
                  <td className="is-number">{row.long}</td>
                  <td className="is-number">{row.wide}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Fragment>
      ))}
      <FieldTable fields={conditionFields(survey)} testId="report-conditions" />

      <h2>B. Identifikasi Kerusakan</h2>
      <SanitisedHtml html={survey.damageIdentification} testId="report-damage" />
      <h2>C. Saran dan Masukan</h2>
      <SanitisedHtml html={survey.suggestion} testId="report-suggestion" />
      <CostEstimate survey={survey} />

      <p>Demikian laporan ini kami sampaikan untuk dapat dipergunakan sebagaimana mestinya.</p>
      <Signatures
        appInfo={appInfo}
        surveyorName={survey.surveyorName || detail.surveyorName}
        dateLine={letterDateLine(appInfo, survey)}
      />

      {/* Each attachment page starts a printed page of its own (survey-report.css): no marker needed. */}
      {photoSections.map((section) => (
        <ReportBlock key={section.blockId} id={section.blockId} blocks={blocks} />
      ))}
    </>
  );
}
