export * from './errors';
export * from './envelope';
export * from './fields';
export * from './account';
export * from './backoffice';
export * from './markets';
export * from './trading';
export * from './content';
