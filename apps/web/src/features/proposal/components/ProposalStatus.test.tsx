import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProposalStatus, processBadgeOf } from './ProposalStatus.tsx';

describe('ProposalStatus (spec §4)', () => {
  it.each([
    ['unverified', 'Tidak disurvey'],
    ['verified', 'Belum disurvey'],
    ['surveyed', 'Sudah disurvey'],
  ] as const)('shows %s as %s without a process badge', (statusType, label) => {
    render(<ProposalStatus proposal={{ statusType, processType: null }} />);
    expect(screen.getByText(label)).toBeVisible();
    expect(screen.queryByTestId('process-badge')).toBeNull();
  });

  it('says Perlu Tindakan for a surveyed proposal in the process list', () => {
    render(<ProposalStatus proposal={{ statusType: 'surveyed', processType: null }} list="process" />);
    expect(screen.getByText('Perlu Tindakan')).toBeVisible();
  });

  it.each([
    ['pending', 'Pending'],
    ['project', 'Proyek'],
    ['self_management', 'Swakelola'],
  ] as const)('shows a finished proposal processed as %s with the %s badge', (processType, badge) => {
    render(<ProposalStatus proposal={{ statusType: 'finished', processType }} />);
    expect(screen.getByText('Sudah disurvey')).toBeVisible();
    expect(screen.getByTestId('process-badge').textContent).toBe(badge);
  });

  it('gives a process badge only once finished', () => {
    expect(processBadgeOf({ statusType: 'surveyed', processType: 'project' })).toBeNull();
    expect(processBadgeOf({ statusType: 'finished', processType: null })).toBeNull();
    expect(processBadgeOf({ statusType: 'finished', processType: 'pending' })).toBe('Pending');
  });
});
