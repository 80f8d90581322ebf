import type { TProposalDetail, TProposalFile, TSurvey, TSurveyPhoto } from '@eusulan/shared';
import { isPreviewPhoto } from '../proposal/survey-results.ts';

/**
 * The report's attachment pages (Lampiran): the survey's photos grouped by their category, then the
 * structural-approval photos apart. The pages are laid out here, not by the browser, so the letter can say
 * how many pages it attaches before anything is printed, and every page is a box of a known height that
 * the print starts on a page of its own (survey-report.css).
 */

export interface TReportPhoto {
  key: string;
  link: string;
  caption: string;
}

export interface TPhotoGroup {
  key: string;
  title: string;
  photos: TReportPhoto[];
}

/** One line of an attachment page: a group's heading, or a row of up to two photos. */
export type TAttachmentLine =
  | { kind: 'heading'; key: string; text: string }
  | { kind: 'row'; key: string; photos: TReportPhoto[] };

export interface TAttachmentPage {
  key: string;
  lines: TAttachmentLine[];
}

export interface TPhotoSection {
  blockId: string;
  /** 'Lampiran I', 'Lampiran II', in the order the sections print. */
  label: string;
  title: string;
  photoCount: number;
  pages: TAttachmentPage[];
}

/**
 * Heights in millimetres, as survey-report.css draws them: the page box (A4's 264 mm between the margins,
 * less room for rounding), its header, a group heading, a row of photos with their captions.
 */
export const ATTACHMENT_LAYOUT = {
  pageHeight: 252,
  header: 16,
  heading: 9,
  row: 69,
} as const;

const UNCATEGORISED = 'Lainnya';

const captionOf = (title: string, index: number, description: string) => {
  const text = description.replace(/\s+/g, ' ').trim();
  return text ? `${title} ${index + 1}: ${text}` : `${title} ${index + 1}`;
};

/**
 * The survey's pictures (png, jpg, jpeg) by category, in the order of the categories (the master's), the
 * photos of one category in the order they were taken; captions are the category, the photo's number in it
 * and what the surveyor wrote about it, never the file's name.
 */
export function surveyPhotoGroups(photos: readonly TSurveyPhoto[]): TPhotoGroup[] {
  const groups = new Map<string, { order: number; title: string; photos: TSurveyPhoto[] }>();
  for (const photo of photos.filter(isPreviewPhoto)) {
    const category = photo.photoCategory;
    const key = category ? `category-${category.id}` : 'category-none';
    const group = groups.get(key) ?? {
      order: category ? category.id : Number.MAX_SAFE_INTEGER,
      title: category?.name.trim() || UNCATEGORISED,
      photos: [],
    };
    group.photos.push(photo);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([key, group]) => ({
      key,
      title: group.title,
      photos: [...group.photos]
        .sort((a, b) => a.id - b.id)
        .map((photo, index) => ({
          key: `survey-${photo.id}`,
          link: photo.link,
          caption: captionOf(group.title, index, photo.description ?? ''),
        })),
    }));
}

/** The pictures among the structural documents (PDFs are left out), captioned with the decision. */
export function structuralPhotoGroup(
  files: readonly TProposalFile[],
  processTypeName: string | null,
): TPhotoGroup {
  const title = 'Persetujuan Struktural';
  const decision = processTypeName ? `keputusan ${processTypeName}` : '';
  return {
    key: 'structural',
    title,
    photos: files.filter(isPreviewPhoto).map((file, index) => ({
      key: `structural-${file.id}`,
      link: file.link,
      caption: captionOf(title, index, decision),
    })),
  };
}

/** Rows of two, so the two photos of a row stay on one printed page together. */
export function inRowsOfTwo<TItem>(items: readonly TItem[]): TItem[][] {
  const rows: TItem[][] = [];
  for (let index = 0; index < items.length; index += 2) rows.push(items.slice(index, index + 2));
  return rows;
}

/**
 * Lays groups out on pages, first come first placed: a heading never ends a page (it goes with the first
 * row of its group), a group that goes on past a page is headed again '(lanjutan)' on the next.
 */
export function attachmentPages(
  groups: readonly TPhotoGroup[],
  layout: typeof ATTACHMENT_LAYOUT = ATTACHMENT_LAYOUT,
): TAttachmentPage[] {
  const room = layout.pageHeight - layout.header;
  const pages: TAttachmentPage[] = [];
  let lines: TAttachmentLine[] = [];
  let used = 0;
  const newPage = () => {
    if (lines.length) pages.push({ key: `page-${pages.length + 1}`, lines });
    lines = [];
    used = 0;
  };
  for (const group of groups) {
    inRowsOfTwo(group.photos).forEach((photos, rowIndex) => {
      const isFirstOfPage = used === 0;
      const needsHeading = rowIndex === 0 || isFirstOfPage;
      const height = layout.row + (needsHeading ? layout.heading : 0);
      if (!isFirstOfPage && used + height > room) newPage();
      if (rowIndex === 0 || used === 0) {
        const text = rowIndex === 0 ? group.title : `${group.title} (lanjutan)`;
        lines.push({ kind: 'heading', key: `${group.key}-heading-${rowIndex}`, text });
        used += layout.heading;
      }
      lines.push({ kind: 'row', key: `${group.key}-row-${rowIndex}`, photos });
      used += layout.row;
    });
  }
  newPage();
  return pages;
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V'];

/**
 * The attachments (spec §2's optional photo pages): Lampiran I the survey's photos by category, Lampiran II
 * the structural-approval photos, each starting on a page of its own; one without pictures is left out.
 */
export function photoSections(
  survey: Pick<TSurvey, 'surveyPhotos'>,
  detail: Pick<TProposalDetail, 'proposalFilesStruktural' | 'processTypeName'>,
): TPhotoSection[] {
  const surveyGroups = surveyPhotoGroups(survey.surveyPhotos);
  const structural = structuralPhotoGroup(detail.proposalFilesStruktural, detail.processTypeName);
  const sections = [
    { blockId: 'photos-survey', title: 'Dokumentasi Foto Survey Lapangan', groups: surveyGroups },
    { blockId: 'photos-structural', title: 'Foto Persetujuan Struktural', groups: [structural] },
  ].filter((section) => section.groups.some((group) => group.photos.length > 0));
  return sections.map((section, index) => ({
    blockId: section.blockId,
    label: `Lampiran ${ROMAN[index] ?? index + 1}`,
    title: section.title,
    photoCount: section.groups.reduce((sum, group) => sum + group.photos.length, 0),
    pages: attachmentPages(section.groups),
  }));
}

/** How many attachment pages the sections print that the report holds (an edit may have removed one). */
export const attachedPageCount = (sections: readonly TPhotoSection[], blockIds: ReadonlySet<string>) =>
  sections.filter((section) => blockIds.has(section.blockId)).reduce((sum, s) => sum + s.pages.length, 0);
