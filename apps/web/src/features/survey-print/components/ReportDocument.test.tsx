import { render } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_EDITOR_EXTENSIONS } from '../editor-extensions.ts';
import type { TReportBlocks } from './ReportBlock.tsx';
import { blockIdsOf, ReportDocument, type TReportNode } from './ReportDocument.tsx';

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

  it('heads an edited cost table again with its title and column rows, so print repeats them on every page', () => {
    const doc = throughEditor(
      [
        '<table class="report-cost"><thead><tr><th colspan="5">Ruas 1</th></tr>',
        '<tr><th>Item</th><th>P</th><th>L</th><th>Harga</th><th>Biaya</th></tr></thead>',
        '<tbody><tr><td>Aspal</td><td>1</td><td>2</td><td>3</td><td>6</td></tr>',
        '<tr><th colspan="4">Subtotal Ruas 1</th><th>6</th></tr></tbody></table>',
        '<table class="report-cost"><tbody><tr><th>Total</th><th>6</th></tr></tbody></table>',
        '<table class="report-fields"><tbody><tr><td>Nomor</td><td>1</td></tr></tbody></table>',
      ].join(''),
    );
    const { container } = render(<ReportDocument doc={doc} blocks={blocks} />);
    const [cost, total, fields] = Array.from(container.querySelectorAll('table'));
    expect(Array.from(cost?.querySelectorAll('thead tr') ?? []).map((row) => row.textContent)).toEqual([
      'Ruas 1',
      'ItemPLHargaBiaya',
    ]);
    // The subtotal stays the table's last body row; a table of header cells alone keeps them in its body.
    expect(Array.from(cost?.querySelectorAll('tbody tr') ?? []).map((row) => row.textContent)).toEqual([
      'Aspal1236',
      'Subtotal Ruas 16',
    ]);
    expect(total?.querySelector('thead')).toBeNull();
    expect(fields?.querySelector('thead')).toBeNull();
  });

  it('finds the fixed blocks an edited report still holds', () => {
    const doc = throughEditor(
      '<p>a</p><div data-report-block="map-5" data-label="Peta"></div><ul><li><p>b</p></li></ul><div data-report-block="photos-survey" data-label="Foto"></div>',
    );
    expect([...blockIdsOf(doc)]).toEqual(['map-5', 'photos-survey']);
  });
});
