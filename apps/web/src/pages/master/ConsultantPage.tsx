import {
  CONSULTANT_TYPE_NAMES,
  CONSULTANT_TYPES,
  MASTER_MESSAGES,
  requiredId,
  type TConsultantType,
  ZConsultant,
} from '@eusulan/shared';
import { Form, type FormInstance, Input, Radio } from 'antd';
import { ConsultantTypeBadge } from '../../components/ConsultantTypeBadge.tsx';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { MASTER_RESOURCES } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import { loadDistricts } from '../../features/master/select-lists.ts';
import type { ConsultantRow, IdName } from '../../features/master/types.ts';
import { optionId, zodRule } from '../../lib/form-rules.ts';

interface ConsultantValues {
  code: string;
  name: string;
  consultantType: TConsultantType | undefined;
  district: IdName | null;
}

/** Spec §4: the district of a consultant is filled 500 ms after the edit form opens. */
export const DISTRICT_FILL_DELAY_MS = 500;

const fields = ZConsultant.in.shape;
const districtRule = zodRule(requiredId(MASTER_MESSAGES.consultantDistrict), optionId);

function ConsultantFields({ form }: { form: FormInstance<ConsultantValues> }) {
  const type = Form.useWatch('consultantType', form);
  return (
    <>
      <Form.Item name="code" label="Kode" rules={[zodRule(fields.code)]}>
        <Input maxLength={32} data-testid="field-code" />
      </Form.Item>
      <Form.Item name="name" label="Nama Konsultan" rules={[zodRule(fields.name)]}>
        <Input maxLength={200} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="consultantType" label="Tipe Konsultan" rules={[zodRule(fields.consultantType)]}>
        <Radio.Group
          // Changing the type clears the chosen district (spec §4).
          onChange={() => form.setFieldValue('district', null)}
          options={CONSULTANT_TYPES.map((value) => ({ value, label: CONSULTANT_TYPE_NAMES[value] }))}
          data-testid="field-consultant-type"
        />
      </Form.Item>
      {type === 'internal' ? (
        <Form.Item name="district" label="Wilayah" rules={[districtRule]}>
          <RemoteSelect<IdName> load={loadDistricts} testId="field-district" />
        </Form.Item>
      ) : null}
    </>
  );
}

/** Master Konsultan (/master/konsultan): the Rayon surveyors, internal ones tied to a district. */
export function ConsultantPage() {
  return (
    <MasterScreen<ConsultantRow, ConsultantValues>
      master={MASTER_RESOURCES.consultant}
      entityLabel="Konsultan"
      successNoun="konsultan"
      testId="master-consultant"
      columns={[
        { key: 'code', title: 'Kode', sortKey: 'code', render: (row) => row.code },
        { key: 'name', title: 'Nama Konsultan', sortKey: 'name', render: (row) => row.name },
        {
          key: 'consultantType',
          title: 'Tipe',
          sortKey: 'consultantType',
          render: (row) => <ConsultantTypeBadge type={row.consultantType} name={row.consultantTypeName} />,
        },
        {
          key: 'district',
          title: 'Wilayah',
          sortKey: 'district',
          render: (row) => row.district?.name ?? '-',
        },
      ]}
      emptyValues={{ code: '', name: '', consultantType: undefined, district: null }}
      toValues={(record) => ({
        code: record.code,
        name: record.name,
        consultantType: record.consultantType,
        district: null,
      })}
      onEditOpened={(record, form) => {
        setTimeout(() => form.setFieldValue('district', record.district), DISTRICT_FILL_DELAY_MS);
      }}
      toPayload={(values) => ({
        code: values.code.trim(),
        name: values.name.trim(),
        consultantType: values.consultantType,
        ...(values.consultantType === 'internal' ? { districtId: values.district?.id } : {}),
      })}
      renderFields={({ form }) => <ConsultantFields form={form} />}
    />
  );
}
