import { ADMIN } from '../support/environment';
import { expect, signIn, test } from '../support/fixtures';

// Runs in the 'strict' project only: a server with the default limits (5 attempts a minute).
test('too many sign-in attempts show a clear, translated message', async ({ page }) => {
  await page.goto('/signin');
  const alert = page.getByTestId('signin-error');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signIn(page, { email: ADMIN.email, password: `wrong-${attempt}` });
    await expect(alert).toContainText('Wrong e-mail or password');
  }
  await signIn(page, { email: ADMIN.email, password: 'wrong-6' });
  await expect(alert).toContainText('Too many attempts');
});
