import { ZContactPerson, ZProposalForm } from '@eusulan/shared';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { optionId, zodRule } from '../../lib/form-rules.ts';
import { wireDate } from './form-payload.ts';

/** The rules of the fields the add/edit form and the contact-person edit share. */
export interface ContactPersonRules {
  proposalDate: FormRule;
  proposerName: FormRule;
  phoneNumber: FormRule;
  road: FormRule;
  village: FormRule;
  address: FormRule;
}

const asWireDate = (value: unknown) => wireDate(value as Dayjs | null);

const proposal = ZProposalForm.in.shape;
/** Spec §5 Proposal add/edit: road optional, every text from the shared schema. */
export const PROPOSAL_FORM_RULES = {
  proposalDate: zodRule(proposal.proposalDate, asWireDate),
  proposerName: zodRule(proposal.proposerName),
  phoneNumber: zodRule(proposal.phoneNumber),
  road: zodRule(proposal.roadId, optionId),
  village: zodRule(proposal.villageId, optionId),
  address: zodRule(proposal.address),
  consultant: zodRule(proposal.consultantId, optionId),
} satisfies ContactPersonRules & { consultant: FormRule };

const contact = ZContactPerson.in.shape;
/** Spec §5 Contact person edit: its own texts, and the road is required here. */
export const CONTACT_PERSON_RULES: ContactPersonRules = {
  proposalDate: zodRule(contact.proposalDate, asWireDate),
  proposerName: zodRule(contact.proposerName),
  phoneNumber: zodRule(contact.phoneNumber),
  road: zodRule(contact.roadId, optionId),
  village: zodRule(contact.villageId, optionId),
  address: zodRule(contact.address),
};
