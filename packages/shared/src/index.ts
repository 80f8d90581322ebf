export * from './api.ts';
export * from './enums.ts';
export * from './format.ts';
export * from './jobs.ts';
export * from './limits.ts';
export * from './map.ts';
export * from './messages/auth.ts';
export * from './messages/conflict.ts';
export * from './messages/proposal.ts';
export * from './messages/survey.ts';
export * from './permissions.ts';
export * from './rich-text.ts';
export * from './schemas/audit.ts';
export {
  requiredText,
  type TChangePassword,
  type TLogin,
  ZChangePassword,
  ZLogin,
} from './schemas/auth.ts';
export * from './schemas/completed-work.ts';
export * from './schemas/dashboard.ts';
export * from './schemas/list.ts';
export * from './schemas/master.ts';
export * from './schemas/office-settings.ts';
export * from './schemas/process.ts';
export * from './schemas/proposal.ts';
export * from './schemas/record-id.ts';
export * from './schemas/survey.ts';
export * from './schemas/survey-export.ts';
export * from './schemas/user.ts';
export * from './zod-messages.ts';
