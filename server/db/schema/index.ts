export * from './users';
export * from './realtime';
export * from './cases';
export * from './messages';
export * from './files';
export * from './webhooks';
export * from './achievements';
export * from './admin';
