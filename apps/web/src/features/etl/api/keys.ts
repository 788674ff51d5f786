/** Query keys of the ETL panel. */
export const etlKeys = {
  jobs: ['etl-jobs'] as const,
};
