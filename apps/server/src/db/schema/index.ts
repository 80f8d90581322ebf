export * from './audit.ts';
export * from './auth.ts';
export * from './completed-work.ts';
export * from './jobs.ts';
export * from './master.ts';
export * from './proposal.ts';
export * from './region.ts';
export * from './survey.ts';
