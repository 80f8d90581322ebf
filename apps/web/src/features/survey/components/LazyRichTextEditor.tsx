import { lazy, Suspense } from 'react';
import { WhenNearView } from '../../../components/WhenNearView.tsx';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

/**
 * ProseMirror (66 KB gzip) loads when the first editor comes near the screen: the editors sit
 * below the map and the road cards, and the form opens within the route budget without them.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  // Only the loading is busy; waiting out of view is not.
  return (
    <WhenNearView placeholder={<div className="rich-text rich-text--loading" />}>
      <Suspense fallback={<div className="rich-text rich-text--loading" aria-busy="true" />}>
        <RichTextEditor {...props} />
      </Suspense>
    </WhenNearView>
  );
}
