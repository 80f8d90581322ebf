import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TAppInfo, TProposalDetail, TSurvey, TSurveyReportLetter } from '@eusulan/shared';
import { Alert, Button, FloatButton, Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { crestSource } from '../../office-settings/crest.ts';
import { letterLines, NO_LETTER_NUMBER } from '../letter-lines.ts';
import { attachedPageCount, photoSections } from '../photo-pages.ts';
import { mapBlockId, reportSubject, roadTitle } from '../report-model.ts';
import { useAssetsReady } from '../report-ready.ts';
import { REPORT_TEXTS } from '../texts.ts';
import type { TReportBlocks } from './ReportBlock.tsx';
import { blockIdsOf, ReportDocument, type TReportNode } from './ReportDocument.tsx';
import { addresseeLines, letterDateLine, ReportLetter } from './ReportLetter.tsx';
import { ReportMap } from './ReportMap.tsx';
import { AttachmentPages, Letterhead, LetterLines } from './ReportParts.tsx';
import '../survey-report.css';
import '../report-attachments.css';

// Tiptap and ProseMirror load when the editor is first opened, never with the report itself.
const ReportEditor = lazy(async () => ({ default: (await import('./ReportEditor.tsx')).ReportEditor }));

function EditorLoading() {
  return (
    <div className="report-editor__loading" data-testid="report-editor-loading" role="status">
      <Spin />
      <span>{REPORT_TEXTS.editorLoading}</span>
    </div>
  );
}

export interface SurveyReportProps {
  detail: TProposalDetail;
  survey: TSurvey;
  appInfo: TAppInfo;
  /** The numbered letter; null where the report has no Nomor (umum, or numbering failed). */
  letter: TSurveyReportLetter | null;
  /** Why the report has no Nomor, shown above the sheet (never printed); null when nothing went wrong. */
  letterProblem?: string | null;
}

/**
 * The printable field survey report with its print button and editor. The report is first drawn from the
 * data; once its maps and pictures have loaded (at most 6 s) it is captured as the editor's initial view.
 * Applied edits live in this tab only and are drawn from the editor's document, never saved.
 */
export function SurveyReport({ detail, survey, appInfo, letter, letterProblem }: SurveyReportProps) {
  const paperRef = useRef<HTMLElement>(null);
  const [editedDoc, setEditedDoc] = useState<TReportNode | null>(null);
  const [isEditorOpen, setEditorOpen] = useState(false);
  const [initialHtml, setInitialHtml] = useState<string | null>(null);
  const isReady = useAssetsReady(paperRef);

  const sections = useMemo(() => photoSections(survey, detail), [survey, detail]);
  // Lampiran counts the attachment pages the report holds now: an edit may have removed an attachment.
  const attachedPages = useMemo(
    () =>
      attachedPageCount(
        sections,
        editedDoc ? blockIdsOf(editedDoc) : new Set(sections.map((section) => section.blockId)),
      ),
    [sections, editedDoc],
  );
  // The fixed blocks: drawn from the data in the first view and again, by id, in an edited one.
  const blocks = useMemo<TReportBlocks>(() => {
    const nomor = letter?.nomor ?? NO_LETTER_NUMBER;
    return {
      letterhead: {
        label: 'Kop surat',
        node: <Letterhead appInfo={appInfo} crestSrc={crestSource(letter?.crestUrl, appInfo)} />,
      },
      'letter-lines': {
        label: 'Nomor, Sifat, Lampiran, Perihal dan alamat tujuan',
        node: (
          <LetterLines
            lines={letterLines(letter, attachedPages, reportSubject(detail))}
            dateLine={letterDateLine(appInfo, survey)}
            addressee={addresseeLines(appInfo)}
          />
        ),
      },
      ...Object.fromEntries(
        survey.surveyRoad.map((road, index) => [
          mapBlockId(road),
          {
            label: `Peta ${roadTitle(index)}`,
            node: (
              <ReportMap
                road={road}
                tileUrl={appInfo.mapTileUrl}
                tileAttribution={appInfo.mapTileAttribution}
              />
            ),
          },
        ]),
      ),
      ...Object.fromEntries(
        sections.map((section) => [
          section.blockId,
          {
            label: `${section.label}: ${section.title} (${section.photoCount} foto, ${section.pages.length} halaman)`,
            node: <AttachmentPages section={section} nomor={nomor} />,
          },
        ]),
      ),
    };
  }, [appInfo, detail, survey, sections, letter, attachedPages]);

  // The initial view is what the report looks like once loaded, captured before any edit is applied.
  useEffect(() => {
    if (isReady && initialHtml === null && paperRef.current) setInitialHtml(paperRef.current.innerHTML);
  }, [isReady, initialHtml]);

  const apply = (doc: TReportNode) => {
    setEditedDoc(doc);
    setEditorOpen(false);
  };

  return (
    <div className="survey-report" data-testid="survey-report" data-ready={isReady ? 'true' : 'false'}>
      <div className="survey-report__toolbar">
        <span className="survey-report__toolbar-title">{REPORT_TEXTS.title}</span>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          loading={!isReady}
          onClick={() => window.print()}
          data-testid="report-print"
        >
          {REPORT_TEXTS.print}
        </Button>
      </div>
      {letterProblem ? (
        <Alert
          type="error"
          showIcon
          className="survey-report__notice"
          title={letterProblem}
          data-testid="report-letter-problem"
        />
      ) : null}
      {editedDoc ? (
        <Alert
          type="warning"
          showIcon
          className="survey-report__notice"
          title={REPORT_TEXTS.editedNotice}
          data-testid="report-edited-notice"
        />
      ) : null}

      <article className="survey-report__paper" ref={paperRef} data-testid="report-paper">
        {editedDoc ? (
          <ReportDocument doc={editedDoc} blocks={blocks} />
        ) : (
          <ReportLetter
            detail={detail}
            survey={survey}
            appInfo={appInfo}
            blocks={blocks}
            photoSections={sections}
          />
        )}
      </article>

      <FloatButton
        type="primary"
        icon={<EditOutlined />}
        tooltip={REPORT_TEXTS.edit}
        aria-label={REPORT_TEXTS.edit}
        className="survey-report__edit"
        onClick={() => setEditorOpen(true)}
      />
      <Modal
        open={isEditorOpen}
        title={REPORT_TEXTS.editorTitle}
        width={960}
        // Near the top, so the 900 px editor gets as much of the window as it can.
        style={{ top: 24 }}
        footer={null}
        maskClosable={false}
        rootClassName="survey-report-editor"
        onCancel={() => setEditorOpen(false)}
      >
        {initialHtml === null ? (
          <EditorLoading />
        ) : (
          <Suspense fallback={<EditorLoading />}>
            <ReportEditor
              initialHtml={initialHtml}
              onApply={apply}
              onReset={() => setEditedDoc(null)}
              onClose={() => setEditorOpen(false)}
            />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}
