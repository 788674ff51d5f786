export { DEFAULT_SCHEDULE_FORM, parseScheduleForm, ScheduleFields, scheduleForm, type ScheduleErrors } from './ScheduleFields';
