import type { TProposalDetail, TProposalFile, TProposalType } from '@eusulan/shared';
import type { UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { mediaUrl } from '../../lib/http.ts';
import type { ProposalPlace } from './api.ts';
import type { ConsultantOption, RoadOption, VillageOption } from './select-lists.ts';
import { isImageName } from './upload-guard.ts';

/** The contact person and the place: what the add/edit form and the contact-person edit share. */
export interface ContactPersonValues {
  proposalDate: Dayjs | null;
  proposerName: string;
  phoneNumber: string;
  road: RoadOption | null;
  village: VillageOption | null;
  rtNumber: string | undefined;
  rwNumber: string | undefined;
  address: string;
  /** Stored files kept (uid existing-<id>) and newly chosen ones (with originFileObj). */
  files: UploadFile[];
}

export interface ProposalFormValues extends ContactPersonValues {
  consultant: ConsultantOption | null;
}

export const EMPTY_PROPOSAL_VALUES: ProposalFormValues = {
  proposalDate: null,
  proposerName: '',
  phoneNumber: '',
  road: null,
  village: null,
  rtNumber: undefined,
  rwNumber: undefined,
  address: '',
  files: [],
  consultant: null,
};

/** RT and RW choices: '00' to '99' (spec §9). */
export const RT_RW_OPTIONS = Array.from({ length: 100 }, (_, index) => {
  const value = String(index).padStart(2, '0');
  return { value, label: value };
});

/** Dates travel as YYYY-MM-DD (spec §9). */
export const WIRE_DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATE_FORMAT = 'DD-MM-YYYY';

export const wireDate = (value: Dayjs | null | undefined) =>
  value?.isValid() ? value.format(WIRE_DATE_FORMAT) : '';

const EXISTING_PREFIX = 'existing-';

/** A stored file as an item of the upload list, so it can be shown, opened and removed there. */
export function existingUploadItem(file: TProposalFile): UploadFile {
  const url = mediaUrl(file.link);
  return {
    uid: `${EXISTING_PREFIX}${file.id}`,
    name: file.name,
    size: file.size,
    status: 'done',
    url,
    thumbUrl: isImageName(file.name) ? url : undefined,
  };
}

/** The stored file id of a kept upload item; null for a newly chosen file. */
export function existingFileIdOf(item: UploadFile): number | null {
  if (!item.uid.startsWith(EXISTING_PREFIX)) return null;
  const id = Number(item.uid.slice(EXISTING_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** '-' (no value) becomes undefined, so the select shows its placeholder. */
const chosenRtRw = (value: string | null | undefined) => (value && value !== '-' ? value : undefined);

/** The form values of a stored proposal (edit form, contact-person edit). */
export function valuesFromDetail(detail: TProposalDetail): ProposalFormValues {
  return {
    proposalDate: dayjs(detail.proposalDate, WIRE_DATE_FORMAT),
    proposerName: detail.proposerName,
    phoneNumber: detail.phoneNumber,
    road: detail.road,
    village: { id: detail.village.id, name: detail.village.name, subdistrict: detail.village.subdistrict },
    rtNumber: chosenRtRw(detail.rtNumber),
    rwNumber: chosenRtRw(detail.rtNumber) ? chosenRtRw(detail.rwNumber) : undefined,
    address: detail.address,
    files: detail.proposalFiles.map(existingUploadItem),
    consultant: {
      id: detail.consultant.id,
      name: detail.consultant.name,
      consultantType: detail.consultant.consultantType,
    },
  };
}

/** The fields both multipart calls send: contact person, place, new files[] and kept existingFileId[]. */
function appendContactPerson(form: FormData, values: ContactPersonValues) {
  form.append('proposalDate', wireDate(values.proposalDate));
  form.append('proposerName', values.proposerName.trim());
  form.append('phoneNumber', values.phoneNumber.trim());
  if (values.road) form.append('roadId', String(values.road.id));
  if (values.village) form.append('villageId', String(values.village.id));
  // Spec §5: RT and RW are optional, and RW is sent only when RT is chosen.
  if (values.rtNumber) {
    form.append('rtNumber', values.rtNumber);
    if (values.rwNumber) form.append('rwNumber', values.rwNumber);
  }
  form.append('address', values.address.trim());
  for (const item of values.files) {
    const existingId = existingFileIdOf(item);
    if (existingId !== null) {
      form.append('existingFileId[]', String(existingId));
    } else if (item.originFileObj) {
      form.append('files[]', item.originFileObj, item.originFileObj.name);
    }
  }
}

/** POST proposal / POST proposal/{id} (spec §7). */
export function buildProposalForm(values: ProposalFormValues, proposalType: TProposalType): FormData {
  const form = new FormData();
  form.append('proposalType', proposalType);
  appendContactPerson(form, values);
  if (values.consultant) form.append('consultantId', String(values.consultant.id));
  return form;
}

/** POST proposal/{id}/contact-person (spec §7): no type and no consultant. */
export function buildContactPersonForm(values: ContactPersonValues): FormData {
  const form = new FormData();
  appendContactPerson(form, values);
  return form;
}

/** The place of the form once road, village, RT and RW are all chosen (Cek Histori Jalan), else null. */
export function completePlace(values: Partial<ContactPersonValues>): ProposalPlace | null {
  if (!values.road || !values.village || !values.rtNumber || !values.rwNumber) return null;
  return {
    roadId: values.road.id,
    villageId: values.village.id,
    rtNumber: values.rtNumber,
    rwNumber: values.rwNumber,
  };
}

/** The place of a stored proposal, for its location history. */
export const placeOf = (detail: Pick<TProposalDetail, 'road' | 'village' | 'rtNumber' | 'rwNumber'>) => ({
  villageId: detail.village.id,
  roadId: detail.road?.id,
  rtNumber: chosenRtRw(detail.rtNumber),
  rwNumber: chosenRtRw(detail.rwNumber),
});
