export * from './constants';
export * from './format';
export * from './errors';
export * from './auth';
export * from './menu';
export * from './handoff';
export * from './dashboards';
export * from './etl';
