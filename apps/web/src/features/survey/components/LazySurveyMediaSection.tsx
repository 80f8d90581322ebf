import { lazy, Suspense } from 'react';
import { WhenNearView } from '../../../components/WhenNearView.tsx';
import type { SurveyMediaSectionProps } from './SurveyMediaSection.tsx';

const SurveyMediaSection = lazy(async () => ({
  default: (await import('./SurveyMediaSection.tsx')).SurveyMediaSection,
}));

/**
 * Foto and Video, the form's last sections: their uploads, progress bars and image viewer load as the user
 * scrolls towards them (with the rich-text editors, what keeps the form's first load in budget).
 */
export function LazySurveyMediaSection(props: SurveyMediaSectionProps) {
  return (
    <WhenNearView placeholder={<div className="survey-media--loading" />}>
      <Suspense fallback={<div className="survey-media--loading" aria-busy="true" />}>
        <SurveyMediaSection {...props} />
      </Suspense>
    </WhenNearView>
  );
}
