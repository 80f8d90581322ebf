import { type ComponentProps, lazy } from 'react';
import { OnceOpened } from '../../../components/OnceOpened.tsx';
import type { ProposalDetailDialog as Dialog } from './ProposalDetailDialog.tsx';

const ProposalDetailDialog = lazy(async () => ({
  default: (await import('./ProposalDetailDialog.tsx')).ProposalDetailDialog,
}));

/** The detail dialog, loaded when first opened: its tabs, files, maps and approval panel stay off list screens. */
export function LazyProposalDetailDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <OnceOpened open={props.proposalId !== null}>
      <ProposalDetailDialog {...props} />
    </OnceOpened>
  );
}
