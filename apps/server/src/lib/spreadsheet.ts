/**
 * A text cell that a spreadsheet program could take for a formula (= + - @, or a tab or carriage return
 * before one) gets a leading apostrophe, so an exported citizen's text never runs as a formula (OWASP
 * CSV/formula injection).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
