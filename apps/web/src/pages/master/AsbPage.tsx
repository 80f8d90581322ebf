import { ZAsbSurveyor } from '@eusulan/shared';
import { Form, Input } from 'antd';
import { MoneyInput, Rupiah } from '../../components/MoneyInput.tsx';
import { RUPIAH_INPUT } from '../../components/money.ts';
import { MASTER_RESOURCES } from '../../features/master/api.ts';
import { unusualAsbPrice } from '../../features/master/asb-price.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import type { AsbRow } from '../../features/master/types.ts';
import { zodRule } from '../../lib/form-rules.ts';

interface AsbValues {
  name: string;
  price: number | null;
}

/** Blank shows empty (allow-blank), and an empty price is sent as 0 (spec §5). */
const PRICE_INPUT = { ...RUPIAH_INPUT, allowBlank: true };

/** Master ASB (/master/asb): surveyor cost standards, price in Rupiah. */
export function AsbPage() {
  return (
    <MasterScreen<AsbRow, AsbValues>
      master={MASTER_RESOURCES.asbSurveyor}
      entityLabel="ASB"
      successNoun="ASB Surveyor"
      testId="master-asb"
      columns={[
        { key: 'name', title: 'Nama ASB', sortKey: 'name', render: (row) => row.name },
        {
          key: 'price',
          title: 'Harga',
          sortKey: 'price',
          align: 'right',
          render: (row) => <Rupiah value={row.price} />,
        },
      ]}
      emptyValues={{ name: '', price: null }}
      toValues={(record) => ({
        name: record.name,
        price: record.price === null || record.price === '' ? null : Number(record.price),
      })}
      toPayload={(values) => ({ name: values.name.trim(), price: values.price ?? 0 })}
      questionBeforeSave={(values) => unusualAsbPrice(values.price)}
      renderFields={() => (
        <>
          <Form.Item name="name" label="Nama ASB" rules={[zodRule(ZAsbSurveyor.shape.name)]}>
            <Input maxLength={200} data-testid="field-name" />
          </Form.Item>
          <Form.Item name="price" label="Harga" rules={[zodRule(ZAsbSurveyor.shape.price)]}>
            <MoneyInput options={PRICE_INPUT} placeholder="Rp 0" testId="field-price" />
          </Form.Item>
        </>
      )}
    />
  );
}
