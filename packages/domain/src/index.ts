export * from './roles';
export * from './person';
