import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatRupiah } from '@eusulan/shared';
import { Button, InputNumber, Popconfirm, Tag } from 'antd';
import type { Dispatch } from 'react';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import { loadAsbItems } from '../api.ts';
import {
  type AsbChoice,
  type AsbItemValues,
  itemCostOf,
  type RoadValues,
  roadTotalOf,
  type SurveyFormAction,
} from '../form-values.ts';
import { formatMetres, lineLengthMetres, linesLengthMetres } from '../geometry.ts';

export const roadLabel = (index: number) => `Ruas ${index + 1}`;

interface RoadCardProps {
  road: RoadValues;
  index: number;
  isActive: boolean;
  canRemove: boolean;
  dispatch: Dispatch<SurveyFormAction>;
  onActivate(): void;
}

/** Spec §9 limits of the survey schema: length up to 100 km, width up to 1 km, to the centimetre. */
const LONG_MAX = 100_000;
const WIDE_MAX = 1_000;

/**
 * One road (ruas) of the survey: its lines with their lengths, and its ASB items (item, Panjang, Lebar, the
 * unit price and the cost = length × width × unit price), with the road's total in Rupiah.
 */
export function RoadCard({ road, index, isActive, canRemove, dispatch, onActivate }: RoadCardProps) {
  const label = roadLabel(index);
  const testId = `road-${index}`;
  const updateItem = (item: AsbItemValues, patch: Partial<Omit<AsbItemValues, 'key'>>) =>
    dispatch({ type: 'update-item', roadKey: road.key, itemKey: item.key, patch });

  return (
    <section className={`road-card${isActive ? ' is-active' : ''}`} data-testid={testId} aria-label={label}>
      <header className="road-card__header">
        <strong className="road-card__title">{label}</strong>
        {isActive ? (
          <Tag color="red">Digambar di peta</Tag>
        ) : (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={onActivate}
            data-testid={`${testId}-activate`}
          >
            Gambar ruas ini
          </Button>
        )}
        <Popconfirm
          title={`Hapus ${label}?`}
          description="Garis dan item ASB ruas ini ikut terhapus."
          okText="Ya, Hapus"
          cancelText="Batal"
          onConfirm={() => dispatch({ type: 'remove-road', roadKey: road.key })}
          disabled={!canRemove}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!canRemove}
            className="road-card__remove"
            data-testid={`${testId}-remove`}
          >
            Hapus Ruas
          </Button>
        </Popconfirm>
      </header>

      <div className="road-card__lines" data-testid={`${testId}-lines`}>
        {road.lines.length === 0 ? (
          <span className="road-card__muted">Belum ada garis di peta.</span>
        ) : (
          <>
            <span>
              Panjang garis:{' '}
              <strong data-testid={`${testId}-length`}>{formatMetres(linesLengthMetres(road.lines))}</strong>
            </span>
            <ul>
              {road.lines.map((line, lineIndex) => (
                // Lines have no identity of their own; their order is their name (Garis 1, Garis 2).
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={lineIndex}>
                  Garis {lineIndex + 1}: {formatMetres(lineLengthMetres(line))}
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() =>
                      dispatch({
                        type: 'set-lines',
                        roadKey: road.key,
                        lines: road.lines.filter((_, other) => other !== lineIndex),
                      })
                    }
                    data-testid={`${testId}-line-${lineIndex}-remove`}
                  >
                    Hapus garis
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <div className="asb-items">
        {road.items.map((item, itemIndex) => {
          const itemTestId = `${testId}-item-${itemIndex}`;
          return (
            <div key={item.key} className="asb-item" data-testid={itemTestId}>
              <div className="asb-item__field asb-item__field--name">
                <label className="survey-form__label" htmlFor={`${itemTestId}-asb`}>
                  Item ASB
                </label>
                <RemoteSelect<AsbChoice>
                  id={`${itemTestId}-asb`}
                  load={loadAsbItems}
                  value={item.asb}
                  onChange={(asb) => updateItem(item, { asb })}
                  testId={`${itemTestId}-asb`}
                />
              </div>
              <div className="asb-item__field">
                <label className="survey-form__label" htmlFor={`${itemTestId}-long`}>
                  Panjang (m)
                </label>
                <InputNumber<number>
                  id={`${itemTestId}-long`}
                  value={item.long}
                  min={0}
                  max={LONG_MAX}
                  precision={2}
                  decimalSeparator=","
                  inputMode="decimal"
                  className="full-width"
                  onChange={(long) => updateItem(item, { long })}
                  data-testid={`${itemTestId}-long`}
                />
              </div>
              <div className="asb-item__field">
                <label className="survey-form__label" htmlFor={`${itemTestId}-wide`}>
                  Lebar (m)
                </label>
                <InputNumber<number>
                  id={`${itemTestId}-wide`}
                  value={item.wide}
                  min={0}
                  max={WIDE_MAX}
                  precision={2}
                  decimalSeparator=","
                  inputMode="decimal"
                  className="full-width"
                  onChange={(wide) => updateItem(item, { wide })}
                  data-testid={`${itemTestId}-wide`}
                />
              </div>
              <div className="asb-item__field asb-item__money">
                <span className="survey-form__label">Harga Satuan</span>
                <span data-testid={`${itemTestId}-price`}>
                  {item.asb ? formatRupiah(item.asb.price) : '-'}
                </span>
              </div>
              <div className="asb-item__field asb-item__money">
                <span className="survey-form__label">Biaya</span>
                <strong data-testid={`${itemTestId}-cost`}>{formatRupiah(itemCostOf(item))}</strong>
              </div>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                className="asb-item__remove"
                aria-label={`Hapus item ASB ${itemIndex + 1}`}
                onClick={() => dispatch({ type: 'remove-item', roadKey: road.key, itemKey: item.key })}
                data-testid={`${itemTestId}-remove`}
              />
            </div>
          );
        })}
      </div>

      <footer className="road-card__footer">
        <Button
          icon={<PlusOutlined />}
          onClick={() => dispatch({ type: 'add-item', roadKey: road.key })}
          data-testid={`${testId}-add-item`}
        >
          Tambah Item ASB
        </Button>
        <span className="road-card__total">
          Total {label}: <strong data-testid={`${testId}-total`}>{formatRupiah(roadTotalOf(road))}</strong>
        </span>
      </footer>
    </section>
  );
}
