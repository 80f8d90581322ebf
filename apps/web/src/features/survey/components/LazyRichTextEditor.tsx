import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

/** Tiptap and ProseMirror load with the first editor, never on other screens. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rich-text rich-text--loading" aria-busy="true" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
