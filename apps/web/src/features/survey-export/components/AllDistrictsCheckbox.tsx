import { Checkbox } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '../../../lib/errors.ts';
import { allDistrictsState, loadAllDistricts } from '../all-districts.ts';
import type { District } from '../export-form.ts';
import { SURVEY_EXPORT_TEXTS as TEXTS } from '../texts.ts';

interface Props {
  chosen: readonly District[];
  onChange(districts: District[]): void;
  disabled?: boolean;
}

/**
 * 'Pilih Semua Rayon' beside the Rayon select: ticking it chooses every Rayon (loaded afresh, so a Rayon
 * added since still counts), unticking it clears the choice. Half ticked while only some are chosen.
 */
export function AllDistrictsCheckbox({ chosen, onChange, disabled }: Props) {
  const [all, setAll] = useState<District[] | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const loading = useRef<AbortController | null>(null);
  useEffect(() => () => loading.current?.abort(), []);

  const { checked, indeterminate } = allDistrictsState(chosen, all);

  const toggle = () => {
    if (checked) {
      onChange([]);
      return;
    }
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    setIsLoading(true);
    loadAllDistricts(controller.signal).then(
      (districts) => {
        if (controller.signal.aborted) return;
        setAll(districts);
        setIsLoading(false);
        onChange(districts);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setIsLoading(false);
        handleApiError(error);
      },
    );
  };

  return (
    <Checkbox
      className="survey-export-screen__all-districts"
      checked={checked}
      indeterminate={indeterminate}
      disabled={disabled || isLoading}
      onChange={toggle}
      data-testid="export-all-districts"
    >
      {TEXTS.allDistricts}
    </Checkbox>
  );
}
