import { LoadingOutlined } from '@ant-design/icons';
import type { TJobProgress } from '@eusulan/shared';
import { Progress } from 'antd';
import { jobPercent, jobStepText } from '../texts.ts';
import './job-progress.css';

interface JobProgressProps {
  /** The job's progress; null before the job exists (its start is on its way). */
  progress: TJobProgress | null;
  /** What is shown before the job exists (JOB_TEXTS.sending for an upload). */
  pendingStep: string;
  testId?: string;
  /** The screen's own layout (a width, say); the bar keeps its distance from what is above it. */
  className?: string;
}

/** Share of an unknown total the moving bar covers. */
const INDETERMINATE_WIDTH = 30;

/**
 * A background job's progress: a bar with the percentage once the total is known, else a bar that keeps
 * moving (the server is still reading or gathering), and the step with its count underneath.
 */
export function JobProgress({ progress, pendingStep, testId = 'job-progress', className }: JobProgressProps) {
  const percent = progress ? jobPercent(progress) : null;
  const isIndeterminate = percent === null;
  return (
    <div
      className={['job-progress', isIndeterminate && 'job-progress--indeterminate', className]
        .filter(Boolean)
        .join(' ')}
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      <Progress
        percent={percent ?? INDETERMINATE_WIDTH}
        status="active"
        showInfo={!isIndeterminate}
        size="small"
        aria-label={progress?.step ?? pendingStep}
      />
      <span className="job-progress__step" data-testid={`${testId}-step`}>
        <LoadingOutlined /> {progress ? jobStepText(progress) : pendingStep}
      </span>
    </div>
  );
}
