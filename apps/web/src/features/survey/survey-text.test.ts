import { type EditorState, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import {
  formatCommand,
  insertParagraphs,
  isFormatActive,
  parseSurveyText,
  surveyTextHtml,
  surveyTextState,
} from './survey-text.ts';

/** Runs a command on a state and returns the state after it. */
function applied(state: EditorState, command: ReturnType<typeof formatCommand>): EditorState {
  let next = state;
  command(state, (transaction) => {
    next = state.apply(transaction);
  });
  return next;
}

const selectAll = (state: EditorState) =>
  state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, state.doc.content.size - 1)));

describe('survey texts on ProseMirror', () => {
  it('reads and writes the HTML the server keeps, unchanged', () => {
    for (const html of [
      '<p>Aspal <strong>retak</strong> dan <em>berlubang</em>.</p>',
      '<ul><li><p>Lubang 10 cm</p></li><li><p>Genangan</p></li></ul>',
      '<ol><li><p>Satu</p></li></ol><p>Baris<br>kedua</p>',
    ]) {
      expect(surveyTextHtml(parseSurveyText(html))).toBe(html);
    }
  });

  it('drops what it cannot keep and runs nothing it reads', () => {
    const html =
      '<h1>Judul</h1><p onclick="x()">Teks <a href="https://example.com">tautan</a></p><img src=x onerror="window.__ran=1">';
    expect(surveyTextHtml(parseSurveyText(html))).toBe('<p>Judul</p><p>Teks tautan</p>');
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('makes the selection bold and says so, then takes it off', () => {
    const bold = applied(selectAll(surveyTextState('<p>Retak</p>')), formatCommand('bold'));
    expect(surveyTextHtml(bold.doc)).toBe('<p><strong>Retak</strong></p>');
    expect(isFormatActive(bold, 'bold')).toBe(true);
    expect(isFormatActive(bold, 'italic')).toBe(false);
    expect(surveyTextHtml(applied(bold, formatCommand('bold')).doc)).toBe('<p>Retak</p>');
  });

  it('turns a paragraph into a list, switches the list kind and lifts it out again', () => {
    const bullets = applied(surveyTextState('<p>Satu</p>'), formatCommand('bulletList'));
    expect(surveyTextHtml(bullets.doc)).toBe('<ul><li><p>Satu</p></li></ul>');
    expect(isFormatActive(bullets, 'bulletList')).toBe(true);
    const numbered = applied(bullets, formatCommand('orderedList'));
    expect(surveyTextHtml(numbered.doc)).toBe('<ol><li><p>Satu</p></li></ol>');
    expect(isFormatActive(numbered, 'orderedList')).toBe(true);
    expect(surveyTextHtml(applied(numbered, formatCommand('orderedList')).doc)).toBe('<p>Satu</p>');
  });

  it('inserts a work note as plain paragraphs, markup in it shown as text', () => {
    const state = surveyTextState('<p></p>');
    const next = applied(state, insertParagraphs(['Koordinasi dengan PDAM', '<b>bukan tebal</b>']));
    expect(surveyTextHtml(next.doc)).toContain('<p>Koordinasi dengan PDAM</p>');
    expect(surveyTextHtml(next.doc)).toContain('<p>&lt;b&gt;bukan tebal&lt;/b&gt;</p>');
  });
});
