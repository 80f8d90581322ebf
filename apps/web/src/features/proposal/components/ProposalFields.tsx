import { Col, DatePicker, Form, type FormInstance, Input, Row, Select } from 'antd';
import { RemoteSelect } from '../../../components/RemoteSelect.tsx';
import type { ContactPersonRules } from '../field-rules.ts';
import { type ContactPersonValues, DISPLAY_DATE_FORMAT, RT_RW_OPTIONS } from '../form-payload.ts';
import {
  loadRoads,
  loadVillages,
  type RoadOption,
  type VillageOption,
  villageLabel,
} from '../select-lists.ts';
import type { UploadRule } from '../upload-guard.ts';
import { UploadField } from './UploadField.tsx';

/** Contact Person: Tanggal (shown DD-MM-YYYY), Nama Pengusul, No HP (spec §2). */
export function ContactPersonFields({ rules }: { rules: ContactPersonRules }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="proposalDate" label="Tanggal" rules={[rules.proposalDate]}>
          <DatePicker
            format={DISPLAY_DATE_FORMAT}
            placeholder="DD-MM-YYYY"
            className="full-width"
            data-testid="field-date"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="proposerName" label="Nama Pengusul" rules={[rules.proposerName]}>
          <Input maxLength={200} data-testid="field-proposer-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="phoneNumber" label="No HP" rules={[rules.phoneNumber]}>
          <Input maxLength={20} inputMode="tel" data-testid="field-phone" />
        </Form.Item>
      </Col>
    </Row>
  );
}

interface LocationFieldsProps {
  form: FormInstance;
  rules: ContactPersonRules;
  uploadRule: UploadRule;
  /** The add/edit form clears its consultant when the village changes (spec §4). */
  onVillageChange?(): void;
}

/** Lokasi: Jalan, Kelurahan (with Kecamatan), RT, RW, Alamat and the files (spec §2). */
export function LocationFields({ form, rules, uploadRule, onVillageChange }: LocationFieldsProps) {
  const rtNumber = Form.useWatch('rtNumber', form) as ContactPersonValues['rtNumber'];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="road" label="Jalan" rules={[rules.road]}>
            <RemoteSelect<RoadOption> load={loadRoads} testId="field-road" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="village" label="Kelurahan" rules={[rules.village]}>
            <RemoteSelect<VillageOption>
              load={loadVillages}
              labelOf={villageLabel}
              onChange={() => onVillageChange?.()}
              testId="field-village"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="rtNumber" label="RT">
            <Select
              options={RT_RW_OPTIONS}
              allowClear
              showSearch
              placeholder="Pilih Data"
              // RW is sent only with an RT (spec §5), so without an RT there is no RW to choose.
              onChange={(value) => {
                if (!value) form.setFieldValue('rwNumber', undefined);
              }}
              data-testid="field-rt"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="rwNumber" label="RW">
            <Select
              options={RT_RW_OPTIONS}
              allowClear
              showSearch
              placeholder="Pilih Data"
              disabled={!rtNumber}
              data-testid="field-rw"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address" label="Alamat" rules={[rules.address]}>
            <Input.TextArea rows={2} maxLength={1000} data-testid="field-address" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="files" label="Files">
        <UploadField rule={uploadRule} />
      </Form.Item>
    </>
  );
}
