import { ZSubdistrict, ZVillage } from '@eusulan/shared';
import { Form, Input } from 'antd';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { MASTER_RESOURCES } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import { loadDistricts, loadSubdistricts } from '../../features/master/select-lists.ts';
import type { IdName, SubdistrictRow, VillageRow } from '../../features/master/types.ts';
import { optionId, zodRule } from '../../lib/form-rules.ts';

interface SubdistrictValues {
  name: string;
  district: IdName | null;
}

/** Master Kecamatan (/master/kecamatan): name and its district (Wilayah). */
export function SubdistrictPage() {
  return (
    <MasterScreen<SubdistrictRow, SubdistrictValues>
      master={MASTER_RESOURCES.subdistrict}
      entityLabel="Kecamatan"
      successNoun="kecamatan"
      testId="master-subdistrict"
      columns={[
        { key: 'name', title: 'Nama Kecamatan', sortKey: 'name', render: (row) => row.name },
        {
          key: 'district',
          title: 'Wilayah',
          sortKey: 'district',
          render: (row) => row.district?.name ?? '-',
        },
      ]}
      emptyValues={{ name: '', district: null }}
      toValues={(record) => ({ name: record.name, district: record.district })}
      toPayload={(values) => ({ name: values.name.trim(), districtId: values.district?.id })}
      renderFields={() => (
        <>
          <Form.Item name="name" label="Nama Kecamatan" rules={[zodRule(ZSubdistrict.shape.name)]}>
            <Input maxLength={200} data-testid="field-name" />
          </Form.Item>
          <Form.Item
            name="district"
            label="Wilayah"
            rules={[zodRule(ZSubdistrict.shape.districtId, optionId)]}
          >
            <RemoteSelect<IdName> load={loadDistricts} testId="field-district" />
          </Form.Item>
        </>
      )}
    />
  );
}

interface VillageValues {
  name: string;
  subdistrict: IdName | null;
}

/** Master Kelurahan (/master/kelurahan): name and its subdistrict (Kecamatan). */
export function VillagePage() {
  return (
    <MasterScreen<VillageRow, VillageValues>
      master={MASTER_RESOURCES.village}
      entityLabel="Kelurahan"
      successNoun="kelurahan"
      testId="master-village"
      columns={[
        { key: 'name', title: 'Nama Kelurahan', sortKey: 'name', render: (row) => row.name },
        {
          key: 'subdistrict',
          title: 'Kecamatan',
          sortKey: 'subdistrict',
          render: (row) => row.subdistrict?.name ?? '-',
        },
      ]}
      emptyValues={{ name: '', subdistrict: null }}
      toValues={(record) => ({ name: record.name, subdistrict: record.subdistrict })}
      toPayload={(values) => ({ name: values.name.trim(), subdistrictId: values.subdistrict?.id })}
      renderFields={() => (
        <>
          <Form.Item
            name="subdistrict"
            label="Kecamatan"
            rules={[zodRule(ZVillage.shape.subdistrictId, optionId)]}
          >
            <RemoteSelect<IdName> load={loadSubdistricts} testId="field-subdistrict" />
          </Form.Item>
          <Form.Item name="name" label="Nama Kelurahan" rules={[zodRule(ZVillage.shape.name)]}>
            <Input maxLength={200} data-testid="field-name" />
          </Form.Item>
        </>
      )}
    />
  );
}
