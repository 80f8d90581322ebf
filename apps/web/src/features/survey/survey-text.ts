import { baseKeymap, chainCommands, exitCode, toggleMark } from '@tiptap/pm/commands';
import { history, redo, undo } from '@tiptap/pm/history';
import { keymap } from '@tiptap/pm/keymap';
import {
  DOMSerializer,
  DOMParser as DocumentParser,
  Fragment,
  type MarkType,
  type NodeType,
  type Node as ProseNode,
  Schema,
  Slice,
} from '@tiptap/pm/model';
import { addListNodes, liftListItem, sinkListItem, splitListItem, wrapInList } from '@tiptap/pm/schema-list';
import { type Command, EditorState } from '@tiptap/pm/state';
import type { TextFormat } from '../../components/rich-text/FormatButtons.tsx';

/**
 * A survey text (damage identification, suggestion) on ProseMirror directly: paragraphs, line breaks, bold,
 * italic, bullet and numbered lists, which is all the server's sanitiser keeps of it. The HTML is what
 * ProseMirror's DOMSerializer writes (`<p>`, `<strong>`, `<em>`, `<ul><li><p>`), as the report's Tiptap
 * editor writes it.
 */
export const SURVEY_TEXT_FORMATS: readonly TextFormat[] = ['bold', 'italic', 'bulletList', 'orderedList'];

const baseSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    text: { group: 'inline' },
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
    },
  },
  marks: {
    strong: {
      parseDOM: [{ tag: 'strong' }, { tag: 'b' }, { style: 'font-weight=bold' }],
      toDOM: () => ['strong', 0],
    },
    em: { parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }], toDOM: () => ['em', 0] },
  },
});

/** The base nodes with prosemirror-schema-list's bullet_list, ordered_list and list_item. */
export const surveyTextSchema = new Schema({
  nodes: addListNodes(baseSchema.spec.nodes, 'paragraph block*', 'block'),
  marks: baseSchema.spec.marks,
});

function nodeType(name: string): NodeType {
  const type = surveyTextSchema.nodes[name];
  if (!type) throw new Error(`survey text schema has no ${name}`);
  return type;
}
function markType(name: string): MarkType {
  const type = surveyTextSchema.marks[name];
  if (!type) throw new Error(`survey text schema has no ${name}`);
  return type;
}
const nodes = {
  paragraph: nodeType('paragraph'),
  hard_break: nodeType('hard_break'),
  bullet_list: nodeType('bullet_list'),
  ordered_list: nodeType('ordered_list'),
  list_item: nodeType('list_item'),
};
const marks = { strong: markType('strong'), em: markType('em') };
const MARK_OF: Partial<Record<TextFormat, MarkType>> = { bold: marks.strong, italic: marks.em };
const LIST_OF: Partial<Record<TextFormat, NodeType>> = {
  bulletList: nodes.bullet_list,
  orderedList: nodes.ordered_list,
};

/** Stored HTML as a document, parsed in an inert document so nothing in it loads or runs. */
export function parseSurveyText(html: string): ProseNode {
  const body = new window.DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  return DocumentParser.fromSchema(surveyTextSchema).parse(body);
}

export function surveyTextHtml(doc: ProseNode): string {
  const container = document.createElement('div');
  container.append(DOMSerializer.fromSchema(surveyTextSchema).serializeFragment(doc.content));
  return container.innerHTML;
}

/** The list around the cursor, innermost first, with its position. */
function listAround(state: EditorState): { node: ProseNode; pos: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type === nodes.bullet_list || node.type === nodes.ordered_list)
      return { node, pos: $from.before(depth) };
  }
  return null;
}

export function isFormatActive(state: EditorState, format: TextFormat): boolean {
  const mark = MARK_OF[format];
  if (mark) {
    const { from, to, empty, $from } = state.selection;
    return empty
      ? Boolean(mark.isInSet(state.storedMarks ?? $from.marks()))
      : state.doc.rangeHasMark(from, to, mark);
  }
  return listAround(state)?.node.type === LIST_OF[format];
}

/** A list button as in word processors: off inside its own list, a switch inside the other, else a new list. */
function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const list = listAround(state);
    if (!list) return wrapInList(type)(state, dispatch);
    if (list.node.type === type) return liftListItem(nodes.list_item)(state, dispatch);
    dispatch?.(state.tr.setNodeMarkup(list.pos, type));
    return true;
  };
}

export function formatCommand(format: TextFormat): Command {
  const mark = MARK_OF[format];
  if (mark) return toggleMark(mark);
  const list = LIST_OF[format];
  return list ? toggleList(list) : () => false;
}

/** Paragraphs of plain text (a work note) put where the cursor is; text nodes, never read as markup. */
export function insertParagraphs(texts: readonly string[]): Command {
  return (state, dispatch) => {
    const paragraphs = texts.map((text) =>
      nodes.paragraph.create(null, text ? surveyTextSchema.text(text) : null),
    );
    dispatch?.(state.tr.replaceSelection(new Slice(Fragment.from(paragraphs), 0, 0)).scrollIntoView());
    return true;
  };
}

const insertHardBreak: Command = chainCommands(exitCode, (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
  return true;
});

/** A new editor state on the given HTML, with undo and the usual keys (Mod-b, Mod-i, lists, Shift-Enter). */
export function surveyTextState(html: string): EditorState {
  return EditorState.create({
    doc: parseSurveyText(html),
    plugins: [
      history(),
      keymap({
        'Mod-z': undo,
        'Shift-Mod-z': redo,
        'Mod-y': redo,
        'Mod-b': toggleMark(marks.strong),
        'Mod-i': toggleMark(marks.em),
        'Shift-Enter': insertHardBreak,
        Enter: splitListItem(nodes.list_item),
        Tab: sinkListItem(nodes.list_item),
        'Shift-Tab': liftListItem(nodes.list_item),
      }),
      keymap(baseKeymap),
    ],
  });
}
