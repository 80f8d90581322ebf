import { SearchOutlined } from '@ant-design/icons';
import { SELECT_SEARCH_DEBOUNCE_MS, type TDashboardPlace } from '@eusulan/shared';
import { AutoComplete, Input } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useDashboardPlaces } from '../api.ts';
import { DASHBOARD_TEXTS } from '../texts.ts';

/**
 * 'Cari Jalan...' (DESIGN §4): searches roads, completed-work locations and proposals of our own data and
 * hands the chosen place's box to the map to fit.
 */
export function PlaceSearch({ onPick }: { onPick(place: TDashboardPlace): void }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const places = useDashboardPlaces(search);
  const found = search ? (places.data ?? []) : [];
  const keyOf = (place: TDashboardPlace) => `${place.kind}:${place.id}`;
  return (
    <AutoComplete
      className="place-search"
      value={text}
      onChange={setText}
      onSelect={(key: string) => {
        const place = found.find((item) => keyOf(item) === key);
        if (place) {
          setText(place.label);
          onPick(place);
        }
      }}
      options={found.map((place) => ({
        value: keyOf(place),
        label: (
          <div className="place-search__option" data-testid="place-option">
            <span className="place-search__label">{place.label}</span>
            <span className="place-search__description">{place.description}</span>
          </div>
        ),
      }))}
      notFoundContent={
        search ? (places.isFetching ? DASHBOARD_TEXTS.loading : DASHBOARD_TEXTS.empty) : undefined
      }
      popupMatchSelectWidth={340}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={DASHBOARD_TEXTS.searchRoad}
        aria-label={DASHBOARD_TEXTS.searchRoad}
        data-testid="place-search"
      />
    </AutoComplete>
  );
}
