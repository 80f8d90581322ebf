import type { TProposalFile, TSurveyPhoto } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import { lampiranText, letterLines, terbilang } from './letter-lines.ts';
import {
  ATTACHMENT_LAYOUT,
  attachedPageCount,
  attachmentPages,
  inRowsOfTwo,
  photoSections,
  surveyPhotoGroups,
  type TPhotoGroup,
} from './photo-pages.ts';

const photo = (
  id: number,
  category: { id: number; name: string } | null,
  description = '',
  ext = 'jpg',
): TSurveyPhoto => ({
  id,
  name: `IMG_${id}.${ext}`,
  ext,
  size: 100,
  link: `/api-web/media/survey-photo/${id}`,
  photoCategory: category,
  description,
});

const file = (id: number, name: string, ext: string): TProposalFile => ({
  id,
  name,
  ext,
  size: 100,
  link: `/api-web/media/proposal-file/${id}`,
});

const EKSISTING = { id: 1, name: 'Kondisi Eksisting' };
const SALURAN = { id: 3, name: 'Saluran' };
const PERKERASAN = { id: 2, name: 'Perkerasan Jalan' };

describe('photos grouped by category', () => {
  it('groups by category in the master order, captions with category, number and description, never the file name', () => {
    const groups = surveyPhotoGroups([
      photo(11, SALURAN, 'Saluran tertutup sedimen'),
      photo(5, EKSISTING, '  Tampak dari\nujung utara '),
      photo(7, null, 'Papan nama jalan'),
      photo(6, EKSISTING),
      photo(8, PERKERASAN, 'Lubang', 'heic'),
      photo(9, PERKERASAN, 'Retak buaya', 'PNG'),
    ]);
    expect(groups.map((group) => group.title)).toEqual([
      'Kondisi Eksisting',
      'Perkerasan Jalan',
      'Saluran',
      'Lainnya',
    ]);
    expect(groups[0]?.photos).toEqual([
      {
        key: 'survey-5',
        link: '/api-web/media/survey-photo/5',
        caption: 'Kondisi Eksisting 1: Tampak dari ujung utara',
      },
      { key: 'survey-6', link: '/api-web/media/survey-photo/6', caption: 'Kondisi Eksisting 2' },
    ]);
    // A heic photo cannot be shown, so it is not printed (spec §9: previews for png, jpg, jpeg only).
    expect(groups[1]?.photos.map((item) => item.caption)).toEqual(['Perkerasan Jalan 1: Retak buaya']);
    expect(groups[3]?.photos.map((item) => item.caption)).toEqual(['Lainnya 1: Papan nama jalan']);
    const captions = groups.flatMap((group) => group.photos.map((item) => item.caption)).join(' ');
    expect(captions).not.toMatch(/IMG_/);
  });

  it('puts the structural photos in their own attachment, after the survey photos, captioned with the decision', () => {
    const sections = photoSections(
      { surveyPhotos: [photo(1, EKSISTING, 'Depan'), photo(2, SALURAN)] },
      {
        processTypeName: 'Proyek',
        proposalFilesStruktural: [file(7, 'Nota Dinas.pdf', 'pdf'), file(8, 'Foto Persetujuan.jpeg', 'jpeg')],
      },
    );
    expect(
      sections.map((section) => [section.blockId, section.label, section.title, section.photoCount]),
    ).toEqual([
      ['photos-survey', 'Lampiran I', 'Dokumentasi Foto Survey Lapangan', 2],
      ['photos-structural', 'Lampiran II', 'Foto Persetujuan Struktural', 1],
    ]);
    expect(sections[1]?.pages[0]?.lines).toEqual([
      { kind: 'heading', key: 'structural-heading-0', text: 'Persetujuan Struktural' },
      {
        kind: 'row',
        key: 'structural-row-0',
        photos: [
          {
            key: 'structural-8',
            link: '/api-web/media/proposal-file/8',
            caption: 'Persetujuan Struktural 1: keputusan Proyek',
          },
        ],
      },
    ]);
  });

  it('leaves out an attachment without pictures, and the structural one is Lampiran I when it is alone', () => {
    expect(
      photoSections({ surveyPhotos: [] }, { processTypeName: null, proposalFilesStruktural: [] }),
    ).toEqual([]);
    const alone = photoSections(
      { surveyPhotos: [photo(1, EKSISTING, '', 'heic')] },
      { processTypeName: null, proposalFilesStruktural: [file(8, 'a.png', 'png')] },
    );
    expect(alone.map((section) => [section.label, section.pages[0]?.lines[1]])).toEqual([
      [
        'Lampiran I',
        {
          kind: 'row',
          key: 'structural-row-0',
          photos: [
            {
              key: 'structural-8',
              link: '/api-web/media/proposal-file/8',
              caption: 'Persetujuan Struktural 1',
            },
          ],
        },
      ],
    ]);
  });

  it('sets photos in rows of two, the last row alone when the count is odd', () => {
    expect(inRowsOfTwo([1, 2, 3, 4, 5])).toEqual([[1, 2], [3, 4], [5]]);
    expect(inRowsOfTwo([])).toEqual([]);
  });
});

const group = (key: string, count: number): TPhotoGroup => ({
  key,
  title: key,
  photos: Array.from({ length: count }, (_, index) => ({ key: `${key}-${index}`, link: '', caption: '' })),
});

const shape = (pages: ReturnType<typeof attachmentPages>) =>
  pages.map((page) =>
    page.lines.map((line) => (line.kind === 'heading' ? `# ${line.text}` : line.photos.length)),
  );

describe('attachment pages', () => {
  it('fills a page with three rows, heads every group, and never leaves a heading at the foot of a page', () => {
    expect(shape(attachmentPages([group('A', 6), group('B', 1)]))).toEqual([
      ['# A', 2, 2, 2],
      ['# B', 1],
    ]);
    expect(shape(attachmentPages([group('A', 2), group('B', 2), group('C', 4)]))).toEqual([
      ['# A', 2, '# B', 2, '# C', 2],
      ['# C (lanjutan)', 2],
    ]);
    expect(shape(attachmentPages([group('A', 13)]))).toEqual([
      ['# A', 2, 2, 2],
      ['# A (lanjutan)', 2, 2, 2],
      ['# A (lanjutan)', 1],
    ]);
    expect(attachmentPages([])).toEqual([]);
  });

  it('never puts more on a page than its box holds', () => {
    const room = ATTACHMENT_LAYOUT.pageHeight - ATTACHMENT_LAYOUT.header;
    for (const counts of [[1, 1, 1, 1, 1], [3, 5, 2, 7], [12], [2, 2, 2, 2, 2, 2]]) {
      const pages = attachmentPages(counts.map((count, index) => group(`G${index}`, count)));
      for (const page of pages) {
        const height = page.lines.reduce(
          (sum, line) => sum + (line.kind === 'heading' ? ATTACHMENT_LAYOUT.heading : ATTACHMENT_LAYOUT.row),
          0,
        );
        expect(height).toBeLessThanOrEqual(room);
        expect(page.lines.at(-1)?.kind).toBe('row');
      }
      const printed = pages
        .flatMap((page) => page.lines)
        .reduce((sum, line) => sum + (line.kind === 'row' ? line.photos.length : 0), 0);
      expect(printed).toBe(counts.reduce((sum, count) => sum + count, 0));
    }
  });

  it('counts the pages of the attachments the report still holds', () => {
    const sections = photoSections(
      { surveyPhotos: Array.from({ length: 8 }, (_, index) => photo(index + 1, EKSISTING)) },
      { processTypeName: 'Pending', proposalFilesStruktural: [file(8, 'a.png', 'png')] },
    );
    expect(sections.map((section) => section.pages.length)).toEqual([2, 1]);
    expect(attachedPageCount(sections, new Set(['photos-survey', 'photos-structural']))).toBe(3);
    expect(attachedPageCount(sections, new Set(['photos-structural', 'map-1']))).toBe(1);
  });
});

describe('Nomor, Sifat, Lampiran', () => {
  it('writes counts in Indonesian words', () => {
    expect([1, 2, 10, 11, 12, 19, 20, 21, 99, 100, 101, 111, 250, 1000, 2026].map(terbilang)).toEqual([
      'satu',
      'dua',
      'sepuluh',
      'sebelas',
      'dua belas',
      'sembilan belas',
      'dua puluh',
      'dua puluh satu',
      'sembilan puluh sembilan',
      'seratus',
      'seratus satu',
      'seratus sebelas',
      'dua ratus lima puluh',
      'seribu',
      'dua ribu dua puluh enam',
    ]);
  });

  it("writes Lampiran as '3 (tiga) lembar', a dash without attachments", () => {
    expect(lampiranText(3)).toBe('3 (tiga) lembar');
    expect(lampiranText(1)).toBe('1 (satu) lembar');
    expect(lampiranText(0)).toBe('-');
  });

  it('heads the letter with the Nomor and Sifat it was given, or dashes where it has none', () => {
    expect(letterLines({ nomor: '620/12/436.7.6/2026', sifat: 'Biasa' }, 2, 'Perihal X')).toEqual([
      { label: 'Nomor', value: '620/12/436.7.6/2026' },
      { label: 'Sifat', value: 'Biasa' },
      { label: 'Lampiran', value: '2 (dua) lembar' },
      { label: 'Perihal', value: 'Perihal X' },
    ]);
    expect(letterLines(null, 0, 'Perihal X').map((line) => line.value)).toEqual(['-', '-', '-', 'Perihal X']);
  });
});
