import { ZPhotoCategory, ZRoad, ZRoadType } from '@eusulan/shared';
import { Form, Input } from 'antd';
import { MASTER_RESOURCES, type MasterResource } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import type { NamedRow } from '../../features/master/types.ts';
import { zodRule } from '../../lib/form-rules.ts';

interface NameValues {
  name: string;
}

interface NameMasterConfig {
  master: MasterResource;
  entityLabel: string;
  successNoun: string;
  nameLabel: string;
  nameRule: Parameters<typeof zodRule>[0];
  testId: string;
}

/** The masters that are only a name and a status: Jalan, Jenis Pekerjaan, Kategori Foto. */
function NameMasterScreen({
  master,
  entityLabel,
  successNoun,
  nameLabel,
  nameRule,
  testId,
}: NameMasterConfig) {
  return (
    <MasterScreen<NamedRow, NameValues>
      master={master}
      entityLabel={entityLabel}
      successNoun={successNoun}
      testId={testId}
      columns={[{ key: 'name', title: nameLabel, sortKey: 'name', render: (row) => row.name }]}
      emptyValues={{ name: '' }}
      toValues={(record) => ({ name: record.name })}
      toPayload={(values) => ({ name: values.name.trim() })}
      renderFields={() => (
        <Form.Item name="name" label={nameLabel} rules={[zodRule(nameRule)]}>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
      )}
    />
  );
}

/** Master Jalan (/master/jalan). */
export const RoadPage = () => (
  <NameMasterScreen
    master={MASTER_RESOURCES.road}
    entityLabel="Jalan"
    successNoun="jalan"
    nameLabel="Nama Jalan"
    nameRule={ZRoad.shape.name}
    testId="master-road"
  />
);

/** Master Jenis Pekerjaan (/master/jenis-jalan): the road-type entity. */
export const RoadTypePage = () => (
  <NameMasterScreen
    master={MASTER_RESOURCES.roadType}
    entityLabel="Jenis Pekerjaan"
    successNoun="jenis jalan"
    nameLabel="Jenis Pekerjaan"
    nameRule={ZRoadType.shape.name}
    testId="master-road-type"
  />
);

/** Master Kategori Foto (/master/kategori-foto). */
export const PhotoCategoryPage = () => (
  <NameMasterScreen
    master={MASTER_RESOURCES.photoCategory}
    entityLabel="Kategori Foto"
    successNoun="kategori foto"
    nameLabel="Nama Kategori Foto"
    nameRule={ZPhotoCategory.shape.name}
    testId="master-photo-category"
  />
);
