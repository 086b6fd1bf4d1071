export * from './users';
export * from './realtime';
