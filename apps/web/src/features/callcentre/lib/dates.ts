import { kolkataToday } from '../../../lib/format';

export { addDays } from '@dossier/shared';

/** Business days are Indian (Asia/Kolkata), whatever the browser's zone. */
export const today = (): string => kolkataToday();
