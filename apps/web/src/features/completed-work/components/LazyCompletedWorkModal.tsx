import { type ComponentProps, lazy } from 'react';
import { OnceOpened } from '../../../components/OnceOpened.tsx';
import type { CompletedWorkModal as Modal } from './CompletedWorkModal.tsx';

const CompletedWorkModal = lazy(async () => ({
  default: (await import('./CompletedWorkModal.tsx')).CompletedWorkModal,
}));

/** One work's dialog (its maps and package), loaded when first opened. */
export function LazyCompletedWorkModal(props: ComponentProps<typeof Modal>) {
  return (
    <OnceOpened open={props.workId !== null}>
      <CompletedWorkModal {...props} />
    </OnceOpened>
  );
}
