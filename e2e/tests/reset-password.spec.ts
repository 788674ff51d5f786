import { expect } from '@playwright/test';
import { screenshot, test } from './helpers';

test.describe('reset password', () => {
  test('the page checks the repeat first, then the link and the length; a refused link shows the server’s text', async ({ page }) => {
    await page.goto('/reset-password?token=short');
    const password = page.getByLabel('New password');
    const repeat = page.getByLabel('Repeat the password');
    const submit = page.getByRole('button', { name: 'Set password' });

    await password.fill('abcdefghijkl');
    await repeat.fill('abcdefghijkx');
    await submit.click();
    await expect(page.getByText('The two passwords differ')).toBeVisible();
    // The message stays until the next try.
    await repeat.fill('abcdefghijkl');
    await expect(page.getByText('The two passwords differ')).toBeVisible();
    await submit.click();
    await expect(page.getByText('This link is not valid')).toBeVisible();

    // A link of the right shape that the server does not know.
    await page.goto('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    await password.fill('ab');
    await repeat.fill('ab');
    await submit.click();
    await expect(page.getByText(/^Password must be at least \d+ characters$/)).toBeVisible();
    await screenshot(page, 'reset-password-short');
    await password.fill('abcdefghijklmnop');
    await repeat.fill('abcdefghijklmnop');
    await submit.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText(/^Password must be at least/)).toBeHidden();
  });
});
