import { PASSWORD_MIN_LENGTH } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';

export class UserSetupError extends Error {
  override name = 'UserSetupError';
}

export interface AddUser {
  login: string;
  employeeCode: string;
  password: string;
  admin: boolean;
}

/**
 * Creates a user for an existing employee, or sets the password (and admin flag) of that employee's
 * user when it exists already under the same login (e.g. imported without a password).
 */
export async function addUser(db: Db, options: AddUser): Promise<'created' | 'updated'> {
  // Logins compare case-insensitively everywhere and are stored lower-case.
  const input = { ...options, login: options.login.trim().toLowerCase() };
  if (!/^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/.test(input.login)) {
    throw new UserSetupError(`"${input.login}" is not a valid login: use letters, digits, _ . @ - (up to 64)`);
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new UserSetupError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  const employee = await db.selectFrom('employees').select(['id']).where('unique_code', '=', input.employeeCode).executeTakeFirst();
  if (!employee) {
    throw new UserSetupError(`There is no employee with the code ${input.employeeCode}: import the employees first`);
  }
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const byLogin = await trx.selectFrom('users').select(['id', 'employee_id']).where('login', '=', input.login).executeTakeFirst();
    const byEmployee = await trx.selectFrom('users').select(['login']).where('employee_id', '=', employee.id).executeTakeFirst();
    if (byLogin && byLogin.employee_id !== employee.id) {
      throw new UserSetupError(`The login ${input.login} already belongs to another employee`);
    }
    if (!byLogin && byEmployee) {
      throw new UserSetupError(`Employee ${input.employeeCode} already has the user ${byEmployee.login}`);
    }
    if (byLogin) {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, active: true, ...(input.admin ? { is_admin: true } : {}) })
        .where('id', '=', byLogin.id)
        .execute();
      return 'updated';
    }
    await trx
      .insertInto('users')
      .values({ login: input.login, employee_id: employee.id, password_hash: hash, is_admin: input.admin })
      .execute();
    return 'created';
  });
}
