export * from './users';
export * from './realtime';
export * from './cases';
