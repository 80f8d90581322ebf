export * from './api.ts';
export * from './enums.ts';
export * from './format.ts';
export * from './limits.ts';
export * from './permissions.ts';
export * from './schemas/auth.ts';
