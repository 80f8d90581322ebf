import { render } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_EDITOR_EXTENSIONS } from '../editor-extensions.ts';
import type { TReportBlocks } from './ReportBlock.tsx';
import { ReportDocument, type TReportNode } from './ReportDocument.tsx';

const blocks: TReportBlocks = {
  'map-5': { label: 'Peta Ruas 1', node: <div data-testid="map-5">peta</div> },
};

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** What the editor keeps of some HTML, as Terapkan hands it to the report. */
function throughEditor(html: string): TReportNode {
  editor = new Editor({ extensions: REPORT_EDITOR_EXTENSIONS, content: html });
  return editor.getJSON();
}

describe('the report editor and the edited report', () => {
  it('keeps headings, marks, tables with the report classes, page breaks and fixed blocks by id', () => {
    const doc = throughEditor(
      [
        '<h1>Laporan Hasil Survey Lapangan</h1>',
        '<p>Kepada Yth.<br>Kepala Bidang</p>',
        '<table class="report-cost evil"><tbody><tr><td class="is-number x">Rp 1</td><th colspan="4">Sub</th></tr></tbody></table>',
        '<hr>',
        '<div data-report-block="map-5" data-label="Peta Ruas 1"><img src="tile.png"><p>isi peta</p></div>',
        '<p><strong>Tebal</strong> <em>miring</em> <u>garis</u></p>',
      ].join(''),
    );
    const { container, getByTestId } = render(<ReportDocument doc={doc} blocks={blocks} />);
    expect(container.querySelector('h1')?.textContent).toBe('Laporan Hasil Survey Lapangan');
    expect(container.querySelector('p')?.innerHTML).toBe('Kepada Yth.<br>Kepala Bidang');
    const table = container.querySelector('table');
    expect(table?.className).toBe('report-cost');
    expect(table?.querySelector('td')?.className).toBe('is-number');
    expect(table?.querySelector('th')?.getAttribute('colspan')).toBe('4');
    expect(container.querySelectorAll('hr')).toHaveLength(1);
    // The block is drawn from the report's own blocks; the markup that came with it is gone.
    expect(getByTestId('map-5').textContent).toBe('peta');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).not.toContain('isi peta');
    expect(container.querySelector('strong')?.textContent).toBe('Tebal');
    expect(container.querySelector('em')?.textContent).toBe('miring');
    expect(container.querySelector('u')?.textContent).toBe('garis');
  });

  it('drops what pasted HTML could smuggle in: scripts, handlers, images, links, styles, unknown blocks', () => {
    const doc = throughEditor(
      [
        '<p onclick="alert(1)" style="color:red">Teks <a href="javascript:alert(1)">tautan</a></p>',
        '<img src="x" onerror="alert(1)">',
        '<script>alert(1)</script>',
        '<div data-report-block="letterhead-palsu" data-label="Palsu"><b>palsu</b></div>',
        '<p>&lt;b&gt;bukan tag&lt;/b&gt;</p>',
      ].join(''),
    );
    const { container } = render(<ReportDocument doc={doc} blocks={blocks} />);
    expect(container.innerHTML).not.toMatch(/onclick|onerror|style=|<img|<script|<a |javascript/);
    expect(container.textContent).toContain('Teks tautan');
    expect(container.textContent).not.toContain('palsu');
    // Text that looks like markup stays text.
    expect(container.querySelectorAll('b')).toHaveLength(0);
    expect(container.textContent).toContain('<b>bukan tag</b>');
  });

  it('draws nothing for a node it does not know', () => {
    const { container } = render(
      <ReportDocument
        doc={{ type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://x' } }] }}
        blocks={blocks}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
