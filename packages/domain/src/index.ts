export * from './roles';
export * from './person';
export * from './client-config';
export * from './account';
export * from './sign-in-errors';
