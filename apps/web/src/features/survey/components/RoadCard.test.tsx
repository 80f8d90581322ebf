import { formatRupiah } from '@eusulan/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formValuesOf } from '../form-values.ts';
import { savedDraft } from '../test-fixtures.ts';
import { RoadCard } from './RoadCard.tsx';

describe('RoadCard', () => {
  const road = formValuesOf(savedDraft()).roads[0]!;

  it('shows each line with its length, each item with price and cost, and the road total in Rupiah', () => {
    render(
      <RoadCard road={road} index={0} isActive canRemove={false} dispatch={vi.fn()} onActivate={vi.fn()} />,
    );
    const card = screen.getByTestId('road-0');
    expect(within(card).getByText('Ruas 1')).toBeVisible();
    expect(within(card).getByText('Digambar di peta')).toBeVisible();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('road-0-length').textContent).toMatch(/^[\d.,]+ m$/);
    expect(screen.getByTestId('road-0-item-0-price').textContent).toBe(formatRupiah(185_000));
    expect(screen.getByTestId('road-0-item-0-cost').textContent).toBe(formatRupiah(133_200_000));
    expect(screen.getByTestId('road-0-item-1-cost').textContent).toBe(formatRupiah(3_521_875));
    expect(screen.getByTestId('road-0-total').textContent).toBe(formatRupiah(136_721_875));
    expect((screen.getByTestId('road-0-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns its buttons into form edits', () => {
    const dispatch = vi.fn();
    const onActivate = vi.fn();
    render(
      <RoadCard
        road={road}
        index={1}
        isActive={false}
        canRemove
        dispatch={dispatch}
        onActivate={onActivate}
      />,
    );
    fireEvent.click(screen.getByTestId('road-1-activate'));
    expect(onActivate).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('road-1-add-item'));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'add-item', roadKey: road.key });
    fireEvent.click(screen.getByTestId('road-1-line-0-remove'));
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'set-lines',
      roadKey: road.key,
      lines: [road.lines[1]],
    });
    fireEvent.click(screen.getByTestId('road-1-item-1-remove'));
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'remove-item',
      roadKey: road.key,
      itemKey: road.items[1]!.key,
    });
  });
});
